import { describe, expect, it } from 'vitest';
import { sealToken, unsealToken } from './token-seal';

const SECRET = 'a-secret-that-is-long-enough-for-tests-0001';

describe('token sealing', () => {
  it('round-trips a token and never contains it in clear', () => {
    const sealed = sealToken(SECRET, 'gho_exampleToken123');
    expect(sealed).not.toContain('gho_exampleToken123');
    expect(unsealToken(SECRET, sealed)).toBe('gho_exampleToken123');
  });

  it('uses a fresh IV each time', () => {
    expect(sealToken(SECRET, 'gho_same')).not.toBe(sealToken(SECRET, 'gho_same'));
  });

  it('refuses another secret, tampering and garbage', () => {
    const sealed = sealToken(SECRET, 'gho_exampleToken123');
    expect(unsealToken('another-secret-that-is-long-enough-0002', sealed)).toBeNull();
    const parts = sealed.split('.');
    const flipped = parts[2]!.startsWith('A') ? `B${parts[2]!.slice(1)}` : `A${parts[2]!.slice(1)}`;
    expect(unsealToken(SECRET, [parts[0], parts[1], flipped, parts[3]].join('.'))).toBeNull();
    expect(unsealToken(SECRET, 'not-sealed')).toBeNull();
    expect(unsealToken(SECRET, 'v1.a.b.c')).toBeNull();
  });
});
