import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearBuildStamp, hashBuildSources, isBuildFresh, writeBuildStamp } from './build-freshness';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A small project with sources and a complete build output whose stamp matches them. */
function builtProject(): { root: string; out: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-freshness-'));
  roots.push(root);
  const files: Record<string, string> = {
    'package.json': '{"name":"x"}',
    'client/main.tsx': 'export const page = 1;',
    'server/app.ts': 'export const app = 1;',
    'server/app.test.ts': 'test file',
    'emulator/data/repositories.json': '{"repositories":[]}',
    'dist/client/index.html': '<html></html>',
    'dist/server/main.js': 'console.log(1);',
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  const out = path.join(root, 'dist');
  writeBuildStamp(out, hashBuildSources(root));
  return { root, out };
}

/** Rewrites a file but gives it back its old modification time, as a checkout or an archive can. */
function rewriteKeepingTime(file: string, text: string): void {
  const { atime, mtime } = fs.statSync(file);
  fs.writeFileSync(file, text);
  fs.utimesSync(file, atime, mtime);
}

describe('build freshness', () => {
  it('is fresh right after a build of the same sources', () => {
    const { root, out } = builtProject();
    expect(isBuildFresh(out, hashBuildSources(root))).toBe(true);
  });

  it('is stale when a source changes, even if its modification time does not', () => {
    const { root, out } = builtProject();
    rewriteKeepingTime(path.join(root, 'server/app.ts'), 'export const app = 2;');
    expect(isBuildFresh(out, hashBuildSources(root))).toBe(false);
  });

  it('is stale when a source is added, renamed or removed, or a dependency changes', () => {
    const added = builtProject();
    fs.writeFileSync(path.join(added.root, 'client/extra.ts'), 'export {};');
    expect(isBuildFresh(added.out, hashBuildSources(added.root))).toBe(false);

    const renamed = builtProject();
    fs.renameSync(path.join(renamed.root, 'server/app.ts'), path.join(renamed.root, 'server/app2.ts'));
    expect(isBuildFresh(renamed.out, hashBuildSources(renamed.root))).toBe(false);

    const removed = builtProject();
    fs.rmSync(path.join(removed.root, 'emulator/data/repositories.json'));
    expect(isBuildFresh(removed.out, hashBuildSources(removed.root))).toBe(false);

    const dependency = builtProject();
    fs.writeFileSync(path.join(dependency.root, 'package.json'), '{"name":"x","dependencies":{"y":"1"}}');
    expect(isBuildFresh(dependency.out, hashBuildSources(dependency.root))).toBe(false);
  });

  it('stays fresh when only a test changes (tests are never bundled)', () => {
    const { root, out } = builtProject();
    fs.writeFileSync(path.join(root, 'server/app.test.ts'), 'another test');
    expect(isBuildFresh(out, hashBuildSources(root))).toBe(true);
  });

  it('is stale when an output is missing or the build was interrupted', () => {
    const missing = builtProject();
    fs.rmSync(path.join(missing.out, 'client/index.html'));
    expect(isBuildFresh(missing.out, hashBuildSources(missing.root))).toBe(false);

    const interrupted = builtProject();
    clearBuildStamp(interrupted.out);
    expect(isBuildFresh(interrupted.out, hashBuildSources(interrupted.root))).toBe(false);
  });
});
