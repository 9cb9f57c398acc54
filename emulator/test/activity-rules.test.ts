import { describe, expect, it } from 'vitest';
import { nextTag } from '../activity/generated-text';
import { classifyPath, isLargeFile } from '../contents/paths';
import { generateText } from '../contents/source';
import { validRefName } from '../control/activity';
import type { Release } from '../dataset/index';

const release = (tag_name: string): Release => ({
  id: 1,
  tag_name,
  name: tag_name,
  body: '',
  draft: false,
  prerelease: false,
  created_at: '2025-01-01T00:00:00Z',
  published_at: '2025-01-01T00:00:00Z',
  authorLogin: 'ada-demo',
  target_commitish: 'main',
});

describe('which paths exist', () => {
  it('files by extension or well-known name, directories without an extension, the root', () => {
    expect(classifyPath('')).toEqual({ kind: 'dir' });
    expect(classifyPath('src')).toEqual({ kind: 'dir' });
    expect(classifyPath('.github/workflows')).toEqual({ kind: 'dir' });
    expect(classifyPath('src/index.ts')).toEqual({ kind: 'text', text: 'typescript' });
    expect(classifyPath('.github/workflows/ci.yml')).toEqual({ kind: 'text', text: 'yaml' });
    expect(classifyPath('Makefile')).toEqual({ kind: 'text', text: 'shell' });
    expect(classifyPath('LICENSE')).toEqual({ kind: 'text', text: 'text' });
    expect(classifyPath('docs/logo.PNG')).toEqual({ kind: 'binary', binary: 'png' });
  });

  it('nothing with a segment named missing, an unknown extension, below a file, or odd segments', () => {
    for (const path of [
      'missing',
      'a/missing/b.ts',
      'src/missing.ts',
      'MISSING.md',
      'notes.xyz',
      'src/index.ts/a',
      'a//b.ts',
      'a/../b.ts',
      './a.ts',
      '.git/config',
    ])
      expect(classifyPath(path), path).toBeNull();
    expect(classifyPath('src/missingno.ts')).not.toBeNull();
  });

  it('large files are named "large…"', () => {
    expect(isLargeFile('dist/large-bundle.js')).toBe(true);
    expect(isLargeFile('large/small.js')).toBe(false);
    expect(Buffer.byteLength(generateText('javascript', 'o/r', 'large.js', true))).toBeGreaterThan(1024 * 1024);
  });

  it('text depends on repository and path only', () => {
    expect(generateText('python', 'o/r', 'a.py', false)).toBe(generateText('python', 'o/r', 'a.py', false));
    expect(generateText('python', 'o/r', 'a.py', false)).not.toBe(generateText('python', 'o/s', 'a.py', false));
    expect(generateText('python', 'o/r', 'a.py', false)).not.toBe(generateText('python', 'o/r', 'b.py', false));
    const lines = generateText('rust', 'o/r', 'src/lib.rs', false).split('\n').length;
    expect(lines).toBeGreaterThanOrEqual(120);
    expect(lines).toBeLessThanOrEqual(440);
  });
});

describe('activity rules', () => {
  it('ref names follow git', () => {
    for (const ok of ['v1.2.3', 'release/2025-01', 'feature/cache', '1.0.0-rc.1'])
      expect(validRefName(ok), ok).toBe(true);
    for (const bad of [
      '',
      'a b',
      'a..b',
      '-x',
      '/x',
      'x/',
      'x.lock',
      'a/.b',
      'x~1',
      'x^',
      'x:y',
      'a?',
      'a*',
      'a[',
      'a\\b',
      'a@{b',
      'x.',
      'a\u0001',
    ])
      expect(validRefName(bad), JSON.stringify(bad)).toBe(false);
  });

  it('the next tag bumps the patch of the newest semver tag, keeping its prefix, skipping taken ones', () => {
    expect(nextTag([release('v1.4.9'), release('v1.4.8')], () => false)).toBe('v1.4.10');
    expect(nextTag([release('2.0.0')], () => false)).toBe('2.0.1');
    expect(nextTag([], () => false)).toBe('v0.1.0');
    expect(nextTag([release('v1.0.0')], (t) => t === 'v1.0.1')).toBe('v1.0.2');
  });
});
