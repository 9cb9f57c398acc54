import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps same-site relative paths with their query and hash', () => {
    expect(safeReturnPath('/chat/5c1e')).toBe('/chat/5c1e');
    expect(safeReturnPath('/user/ada?tab=repos#top')).toBe('/user/ada?tab=repos#top');
    expect(safeReturnPath('/')).toBe('/');
  });

  it.each([
    undefined,
    '',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'chat/1',
    '/chat\n/1',
    '/auth',
    '/api/auth/sign-out',
    '/_emulator/login/oauth/authorize',
    `/${'a'.repeat(600)}`,
  ])('falls back to / for %j', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });
});
