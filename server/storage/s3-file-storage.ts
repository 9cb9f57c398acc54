import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { FileStorageConfig } from '../config/config';
import { STORAGE_KEY, type FileStorage } from './file-storage';

type S3Config = Extract<FileStorageConfig, { kind: 's3' }>;

/**
 * Files in an S3-compatible bucket through the AWS SDK (AWS, MinIO, …): every process of a
 * scaled deployment reads and writes the same files. The bucket stays private; the server
 * reads each file for a reader it has checked.
 */
export function createS3FileStorage(config: S3Config): FileStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const checked = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return key;
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: config.bucket, Key: checked(key), Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: checked(key) }));
        if (!answer.Body) return undefined;
        return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async delete(keys) {
      if (keys.length === 0) return;
      await client.send(
        new DeleteObjectsCommand({
          Bucket: config.bucket,
          Delete: { Objects: keys.map((key) => ({ Key: checked(key) })), Quiet: true },
        }),
      );
    },
    close() {
      client.destroy();
    },
  };
}
