import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../../server/testing/services/product-server';

let entry: string | undefined;

/**
 * The server as `npm start` runs it: the production bundle in dist/, built first when the sources
 * changed since it was built (`scripts/build.ts --if-stale`, as `npm start` does). Benchmarks
 * measure this build rather than the sources run through a TypeScript loader.
 */
export function builtServerEntry(): string {
  if (entry) return entry;
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--if-stale'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  entry = path.join(REPO_ROOT, 'dist/server/main.js');
  return entry;
}
