import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe } from 'vitest';

export type StorageKind = 'disk' | 's3';

/** The environment a test app needs for a storage: nothing for disk (DATA_DIR), S3_* for S3. */
export interface TestStorage {
  kind: StorageKind;
  env(): Record<string, string>;
}

const BUCKET = 'reporooms-test';

/**
 * Runs a suite once with files on disk and once in an S3-compatible bucket served by s3rver,
 * a local S3 server started for the suite (a real HTTP server speaking the S3 protocol,
 * reached through the AWS SDK as in production).
 */
export function describeEachStorage(title: string, suite: (storage: TestStorage) => void): void {
  describe(`${title} [disk]`, () => suite({ kind: 'disk', env: () => ({}) }));
  describe(`${title} [s3]`, () => {
    let server: S3rver | undefined;
    let endpoint = '';
    let directory = '';
    beforeAll(async () => {
      directory = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-s3-'));
      server = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory,
        configureBuckets: [{ name: BUCKET }],
      });
      const { port } = await server.run();
      endpoint = `http://127.0.0.1:${port}`;
    });
    afterAll(async () => {
      await server?.close();
      fs.rmSync(directory, { recursive: true, force: true });
    });
    suite({
      kind: 's3',
      env: () => ({
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        S3_REGION: 'us-east-1',
        // s3rver's fixed development credentials.
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      }),
    });
  });
}
