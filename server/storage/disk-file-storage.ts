import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { STORAGE_KEY, type FileStorage } from './file-storage';

/** Files in a folder of the data directory: the default, nothing to configure. */
export function createDiskFileStorage(dir: string): FileStorage {
  const pathOf = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return join(dir, key);
  };
  return {
    kind: 'disk',
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { body: createReadStream(path), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    close() {},
  };
}
