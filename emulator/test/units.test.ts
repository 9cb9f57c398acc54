import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { avatarSvg } from '../avatars/svg';
import { createRng, hashString } from '../dataset/prng';
import { parseOperation } from '../graphql/parse';
import { validChallenge, verifierMatches } from '../oauth/pkce';
import { redirectUriAllowed, withParams } from '../oauth/redirect-uri';
import { newToken } from '../oauth/tokens';

describe('prng', () => {
  it('is stable per seed and spreads values', () => {
    const a = createRng('facebook/react');
    const b = createRng('facebook/react');
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(seqA).toEqual(Array.from({ length: 5 }, () => b.next()));
    expect(createRng('vuejs/vue').next()).not.toBe(seqA[0]);
    expect(hashString('x')).toBe(hashString('x'));
    const r = createRng('ints');
    for (let i = 0; i < 100; i++) {
      const n = r.int(3, 5);
      expect(n >= 3 && n <= 5).toBe(true);
    }
    expect(new Set(r.sample([1, 2, 3, 4, 5], 5))).toEqual(new Set([1, 2, 3, 4, 5]));
  });
});

describe('redirect_uri rule', () => {
  const cb = 'http://localhost:3000/auth/callback';
  it('accepts the callback and sub-paths', () => {
    expect(redirectUriAllowed(cb, cb)).toBe(true);
    expect(redirectUriAllowed('http://localhost:3000/auth/callback/github?x=1', cb)).toBe(true);
  });
  it('rejects other schemes, hosts, ports and paths', () => {
    expect(redirectUriAllowed('https://localhost:3000/auth/callback', cb)).toBe(false);
    expect(redirectUriAllowed('http://127.0.0.1:3000/auth/callback', cb)).toBe(false);
    expect(redirectUriAllowed('http://localhost:3001/auth/callback', cb)).toBe(false);
    expect(redirectUriAllowed('http://localhost:3000/auth/callbackx', cb)).toBe(false);
    expect(redirectUriAllowed('http://localhost:3000/other', cb)).toBe(false);
    expect(redirectUriAllowed('not a url', cb)).toBe(false);
  });
  it('appends parameters to existing queries', () => {
    expect(withParams('http://a.test/cb?x=1', { code: 'c', state: null })).toBe('http://a.test/cb?x=1&code=c');
  });
});

describe('PKCE S256', () => {
  it('matches the RFC 7636 example', () => {
    expect(
      verifierMatches('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'),
    ).toBe(true);
    expect(verifierMatches('wrong', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(false);
    expect(validChallenge(createHash('sha256').update('v').digest('base64url'))).toBe(true);
    expect(validChallenge('short')).toBe(false);
  });
});

describe('tokens and avatars', () => {
  it('issues gho_ tokens of GitHub length', () => {
    expect(newToken()).toMatch(/^gho_[A-Za-z0-9]{36}$/);
    expect(newToken()).not.toBe(newToken());
  });
  it('draws deterministic SVG avatars with initials', () => {
    expect(avatarSvg('ada-demo')).toBe(avatarSvg('ada-demo'));
    expect(avatarSvg('ada-demo')).toContain('>AD</text>');
    expect(avatarSvg('facebook')).toContain('>FA</text>');
    expect(avatarSvg('<script>')).not.toContain('<script>');
  });
});

describe('GraphQL parser', () => {
  it('parses the contribution calendar query with variables and aliases', () => {
    const op = parseOperation(`query Calendar($login: String! = "ada-demo") {
      user(login: $login) { cal: contributionsCollection { contributionCalendar { totalContributions weeks { contributionDays { date contributionCount } } } } }
    }`);
    expect(op.variableDefaults).toEqual({ login: 'ada-demo' });
    const user = op.selections[0];
    expect(user?.name).toBe('user');
    expect(user?.args).toEqual({ login: { variable: 'login' } });
    expect(user?.selections?.[0]?.alias).toBe('cal');
  });
  it('rejects mutations, fragments and broken input', () => {
    expect(() => parseOperation('mutation { x }')).toThrow();
    expect(() => parseOperation('{ user { ...F } }')).toThrow();
    expect(() => parseOperation('{ user(login: "a" ')).toThrow();
  });
});
