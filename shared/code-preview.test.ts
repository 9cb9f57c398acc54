import { describe, expect, it } from 'vitest';
import { isCommitSha, parseBlobLink } from './code-preview';

const WEB = ['https://github.com', 'http://localhost:3000/_emulator'];

describe('GitHub links to lines of a file', () => {
  it('reads the repository, ref, path and lines', () => {
    expect(parseBlobLink('https://github.com/o/r/blob/main/src/a%20b.ts#L3-L5', WEB)).toEqual({
      repo: 'o/r',
      ref: 'main',
      path: 'src/a b.ts',
      start: 3,
      end: 5,
    });
    expect(parseBlobLink('http://localhost:3000/_emulator/o/r/blob/v1/README.md#L10', WEB)).toMatchObject({
      start: 10,
      end: 10,
    });
  });

  it('cuts a range after 30 lines and refuses what is not a link to lines', () => {
    expect(parseBlobLink('https://github.com/o/r/blob/main/a.ts#L1-L100', WEB)?.end).toBe(30);
    expect(parseBlobLink('https://github.com/o/r/blob/main/a.ts', WEB)).toBeNull();
    expect(parseBlobLink('https://github.com/o/r/blob/main/a.ts#L5-L2', WEB)).toBeNull();
    expect(parseBlobLink('https://evil.example/o/r/blob/main/a.ts#L1', WEB)).toBeNull();
    expect(parseBlobLink('https://github.com/o/r/blob/main/../x.ts#L1', WEB)).toBeNull();
    expect(parseBlobLink('https://github.com/o/r/tree/main/a.ts#L1', WEB)).toBeNull();
  });

  it('knows a commit SHA from a branch name', () => {
    expect(isCommitSha('a'.repeat(40))).toBe(true);
    expect(isCommitSha('main')).toBe(false);
  });
});
