import type { FileStorageConfig } from '../config/config';
import { createDiskFileStorage } from './disk-file-storage';
import type { FileStorage } from './file-storage';
import { createS3FileStorage } from './s3-file-storage';

/** The storage the configuration names: S3 with S3_BUCKET, else the data directory. */
export function openFileStorage(config: FileStorageConfig): FileStorage {
  return config.kind === 's3' ? createS3FileStorage(config) : createDiskFileStorage(config.dir);
}
