/**
 * Whether a build output was made from the sources as they are now. The check hashes the content
 * of every input (a few MB, milliseconds), not modification times: a checkout, a stash or an
 * archive can give a changed file an old time, and a hash cannot be fooled that way.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Folders whose files go into the client or the server bundle. */
const SOURCE_DIRS = ['client', 'server', 'shared', 'emulator'];
/** Files that change what the build produces: dependencies, bundler and compiler settings, the build itself. */
const SOURCE_FILES = [
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.client.json',
  'scripts/build.ts',
  'scripts/build-freshness.ts',
  'scripts/precompress.ts',
];
/** Tests are never bundled: editing one does not make the build stale. */
const TEST_FILE = /\.(test|spec|fault-test)\.[cm]?[jt]sx?$/;

const STAMP_FILE = 'build-stamp.json';
/** Outputs a start needs; a build missing one of them is stale whatever its stamp says. */
const REQUIRED_OUTPUTS = ['client/index.html', 'server/main.js'];

interface BuildStamp {
  sourceHash: string;
  builtAt: string;
}

/** One hash over the path and content of every build input under `root`. */
export function hashBuildSources(root: string): string {
  const files = [...SOURCE_FILES.filter((file) => fs.existsSync(path.join(root, file)))];
  for (const dir of SOURCE_DIRS) {
    if (!fs.existsSync(path.join(root, dir))) continue;
    for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || TEST_FILE.test(entry.name)) continue;
      files.push(path.relative(root, path.join(entry.parentPath, entry.name)));
    }
  }
  const hash = createHash('sha256');
  // Sorted and separated by NULs, so a renamed or moved file changes the hash too.
  for (const file of files.map((f) => f.split(path.sep).join('/')).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

export function isBuildFresh(outDir: string, sourceHash: string): boolean {
  if (!REQUIRED_OUTPUTS.every((file) => fs.existsSync(path.join(outDir, file)))) return false;
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(outDir, STAMP_FILE), 'utf8')) as Partial<BuildStamp>;
    return stamp.sourceHash === sourceHash;
  } catch {
    return false;
  }
}

/** Removed first and written last, so an interrupted build leaves no stamp and the next start builds again. */
export function clearBuildStamp(outDir: string): void {
  fs.rmSync(path.join(outDir, STAMP_FILE), { force: true });
}

export function writeBuildStamp(outDir: string, sourceHash: string): void {
  const stamp: BuildStamp = { sourceHash, builtAt: new Date().toISOString() };
  fs.writeFileSync(path.join(outDir, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
}
