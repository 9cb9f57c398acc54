import type { Readable } from 'node:stream';

/** A stored file read back: its bytes as a stream and their length. */
export interface StoredFile {
  body: Readable;
  size: number;
}

/**
 * Where attachments' bytes live: a folder under DATA_DIR (disk-file-storage.ts) or an
 * S3-compatible bucket (s3-file-storage.ts). Keys are made by the server (ids, never names a
 * user chose), so no implementation has to defend against paths of its own.
 */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or undefined when there is none under that key. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Deletes these keys; a key with no file is no error. */
  delete(keys: readonly string[]): Promise<void>;
  close(): Promise<void> | void;
}

/** Keys are the server's own: lowercase letters, digits, '-' and one '/'. */
export const STORAGE_KEY = /^[a-z0-9-]+(\/[a-z0-9.-]+)?$/;
