/**
 * The production build: the client with Vite into `<out>/client`, the server (with the embedded
 * GitHub emulator and its dataset) bundled by esbuild into `<out>/server/main.js`, run with plain
 * `node`. Dependencies stay external (native modules such as better-sqlite3 cannot be bundled), so
 * the output runs next to a `node_modules` holding the production dependencies.
 *
 *   node --import tsx scripts/build.ts                 build into dist/
 *   node --import tsx scripts/build.ts --if-stale      skip when dist/ was built from these sources
 *   node --import tsx scripts/build.ts --out-dir DIR   build somewhere else (tests)
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build as bundle } from 'esbuild';
import { build as buildClient } from 'vite';
import { clearBuildStamp, hashBuildSources, isBuildFresh, writeBuildStamp } from './build-freshness';

const ROOT = path.resolve(import.meta.dirname, '..');

const { values } = parseArgs({
  options: { 'if-stale': { type: 'boolean', default: false }, 'out-dir': { type: 'string', default: 'dist' } },
});
const outDir = path.resolve(ROOT, values['out-dir']);

// Hashed before building, so an edit made while the build runs is seen by the next start.
const sourceHash = hashBuildSources(ROOT);
if (values['if-stale'] && isBuildFresh(outDir, sourceHash)) {
  process.exit(0);
}

const shownOutDir = outDir.startsWith(`${ROOT}${path.sep}`) ? path.relative(ROOT, outDir) : outDir;
process.stdout.write(`Building RepoRooms into ${shownOutDir}/ …\n`);
clearBuildStamp(outDir);

await buildClient({
  configFile: path.join(ROOT, 'vite.config.ts'),
  // The config's root is relative to the working directory; this script may run from anywhere.
  root: path.join(ROOT, 'client'),
  logLevel: 'warn',
  build: { outDir: path.join(outDir, 'client'), emptyOutDir: true },
});

fs.rmSync(path.join(outDir, 'server'), { recursive: true, force: true });
await bundle({
  absWorkingDir: ROOT,
  entryPoints: ['server/main.ts'],
  outfile: path.join(outDir, 'server/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Every package is loaded from node_modules at run time: native addons (better-sqlite3, pg's
  // optional native binding) and packages that resolve their own files (pino's transports).
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});

writeBuildStamp(outDir, sourceHash);
process.stdout.write('Build complete.\n');
