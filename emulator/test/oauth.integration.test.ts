import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OAUTH_APP } from '../index';
import { startClient, type Client } from './helpers';

const CALLBACK = 'http://app.test:4000/auth/github/callback';
const APP = { clientId: 'test-app', clientSecret: 'test-secret', callbackUrl: CALLBACK };
let now = Date.UTC(2025, 5, 1);
let c: Client;

beforeAll(async () => {
  c = await startClient({ apps: [APP], now: () => now });
});
afterAll(() => c.close());

function authorizeUrl(params: Record<string, string>): string {
  return `${c.server.url}/login/oauth/authorize?${new URLSearchParams({ client_id: APP.clientId, ...params }).toString()}`;
}

/** Submits the consent form the way a browser would: the page's hidden fields plus the clicked button. */
async function consent(params: Record<string, string>, button: Record<string, string>): Promise<URL> {
  const page = await fetch(authorizeUrl(params));
  expect(page.status).toBe(200);
  const html = await page.text();
  const form: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form[m[1] as string] = (m[2] as string)
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
  }
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  const res = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form, ...button }).toString(),
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

async function exchange(body: Record<string, string>, json = true): Promise<Record<string, string>> {
  const res = await fetch(`${c.server.url}/login/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(json ? { accept: 'application/json' } : {}) },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  const text = await res.text();
  return json ? (JSON.parse(text) as Record<string, string>) : Object.fromEntries(new URLSearchParams(text));
}

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe('authorize page', () => {
  it('lists every demo account as a "Sign in as" button plus Cancel, with no scripts', async () => {
    const res = await fetch(authorizeUrl({ scope: 'read:user user:email', state: 's1' }));
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    for (const login of c.server.emulator.demoLogins()) expect(html).toContain(`>Sign in as ${login}</button>`);
    expect(html).toMatch(/<button[^>]*>Cancel<\/button>/);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="https?:\/\/(?!127\.0\.0\.1)/);
  });

  it('puts the login hint first', async () => {
    const html = await (await fetch(authorizeUrl({ login: 'ken-demo' }))).text();
    expect(html.indexOf('Sign in as ken-demo')).toBeLessThan(html.indexOf('Sign in as ada-demo'));
  });

  it('shows an HTML error page for an unknown client_id', async () => {
    const res = await fetch(`${c.server.url}/login/oauth/authorize?client_id=nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
  });

  it('redirects a mismatching redirect_uri to the registered callback with the error', async () => {
    for (const bad of [
      'http://evil.test:4000/auth/github/callback',
      'http://app.test:4001/auth/github/callback',
      'https://app.test:4000/auth/github/callback',
      'http://app.test:4000/elsewhere',
    ]) {
      const res = await fetch(authorizeUrl({ redirect_uri: bad, state: 'st' }), { redirect: 'manual' });
      expect(res.status).toBe(302);
      const loc = new URL(res.headers.get('location') ?? '');
      expect(`${loc.origin}${loc.pathname}`).toBe(CALLBACK);
      expect(loc.searchParams.get('error')).toBe('redirect_uri_mismatch');
      expect(loc.searchParams.get('state')).toBe('st');
    }
  });

  it('rejects the plain PKCE method', async () => {
    const res = await fetch(
      authorizeUrl({ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain', state: 'p' }),
      { redirect: 'manual' },
    );
    expect(res.status).toBe(302);
    const loc = new URL(res.headers.get('location') ?? '');
    expect(loc.searchParams.get('error')).toBe('invalid_request');
    expect(loc.searchParams.get('state')).toBe('p');
  });
});

describe('authorization code flow', () => {
  it('grants, echoes state, exchanges the code once, and the token works', async () => {
    const loc = await consent(
      { scope: 'read:user user:email', state: 'xyz', redirect_uri: `${CALLBACK}/sub?keep=1` },
      { login: 'grace-demo' },
    );
    expect(`${loc.origin}${loc.pathname}`).toBe(`${CALLBACK}/sub`);
    expect(loc.searchParams.get('keep')).toBe('1');
    expect(loc.searchParams.get('state')).toBe('xyz');
    const code = loc.searchParams.get('code') ?? '';
    const answer = await exchange({
      client_id: APP.clientId,
      client_secret: APP.clientSecret,
      code,
      redirect_uri: `${CALLBACK}/sub?keep=1`,
    });
    expect(answer).toEqual({
      access_token: expect.stringMatching(/^gho_[A-Za-z0-9]{36}$/),
      scope: 'read:user,user:email',
      token_type: 'bearer',
    });
    const me = await c.get('/api/v3/user', { token: answer.access_token });
    expect(((await me.json()) as { login: string }).login).toBe('grace-demo');
    const again = await exchange({ client_id: APP.clientId, client_secret: APP.clientSecret, code });
    expect(again.error).toBe('bad_verification_code');
  });

  it('answers form-encoded without Accept: application/json, and accepts form bodies and query strings', async () => {
    const code1 = (await consent({ scope: 'read:user' }, { login: 'ada-demo' })).searchParams.get('code') ?? '';
    const form = await exchange({ client_id: APP.clientId, client_secret: APP.clientSecret, code: code1 }, false);
    expect(form.access_token).toMatch(/^gho_/);
    expect(form.token_type).toBe('bearer');
    const code2 = (await consent({}, { login: 'ada-demo' })).searchParams.get('code') ?? '';
    const viaForm = await fetch(`${c.server.url}/login/oauth/access_token`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: APP.clientId, client_secret: APP.clientSecret, code: code2 }).toString(),
    });
    expect(((await viaForm.json()) as { access_token: string }).access_token).toMatch(/^gho_/);
    const code3 = (await consent({}, { login: 'ada-demo' })).searchParams.get('code') ?? '';
    const viaQuery = await fetch(
      `${c.server.url}/login/oauth/access_token?${new URLSearchParams({ client_id: APP.clientId, client_secret: APP.clientSecret, code: code3 })}`,
      { method: 'POST', headers: { accept: 'application/json' } },
    );
    expect(((await viaQuery.json()) as { access_token: string }).access_token).toMatch(/^gho_/);
  });

  it('Cancel redirects with access_denied and the state', async () => {
    const loc = await consent({ state: 'cancel-me' }, { cancel: '1' });
    expect(`${loc.origin}${loc.pathname}`).toBe(CALLBACK);
    expect(loc.searchParams.get('error')).toBe('access_denied');
    expect(loc.searchParams.get('error_description')).toBeTruthy();
    expect(loc.searchParams.get('state')).toBe('cancel-me');
    expect(loc.searchParams.get('code')).toBeNull();
  });

  it('expires codes after 10 minutes', async () => {
    const code = (await consent({}, { login: 'ada-demo' })).searchParams.get('code') ?? '';
    now += 10 * 60_000 + 1;
    const answer = await exchange({ client_id: APP.clientId, client_secret: APP.clientSecret, code });
    expect(answer.error).toBe('bad_verification_code');
  });

  it('checks client credentials and redirect_uri at the exchange', async () => {
    const code = (await consent({ redirect_uri: CALLBACK }, { login: 'ada-demo' })).searchParams.get('code') ?? '';
    expect((await exchange({ client_id: APP.clientId, client_secret: 'wrong', code })).error).toBe(
      'incorrect_client_credentials',
    );
    expect((await exchange({ client_id: 'unknown', client_secret: APP.clientSecret, code })).error).toBe(
      'incorrect_client_credentials',
    );
    expect(
      (
        await exchange({
          client_id: APP.clientId,
          client_secret: APP.clientSecret,
          code,
          redirect_uri: `${CALLBACK}/other`,
        })
      ).error,
    ).toBe('redirect_uri_mismatch');
    expect((await exchange({ client_id: APP.clientId, client_secret: APP.clientSecret, code: 'nonsense' })).error).toBe(
      'bad_verification_code',
    );
    expect(
      (await exchange({ client_id: APP.clientId, client_secret: APP.clientSecret, code, redirect_uri: CALLBACK }))
        .access_token,
    ).toMatch(/^gho_/);
  });
});

describe('PKCE S256', () => {
  it('accepts the right verifier', async () => {
    const { verifier, challenge } = pkcePair();
    const code =
      (
        await consent({ code_challenge: challenge, code_challenge_method: 'S256' }, { login: 'ada-demo' })
      ).searchParams.get('code') ?? '';
    expect(
      (await exchange({ client_id: APP.clientId, client_secret: APP.clientSecret, code, code_verifier: verifier }))
        .access_token,
    ).toMatch(/^gho_/);
  });

  it('rejects a wrong verifier and burns the code', async () => {
    const { verifier, challenge } = pkcePair();
    const code =
      (
        await consent({ code_challenge: challenge, code_challenge_method: 'S256' }, { login: 'ada-demo' })
      ).searchParams.get('code') ?? '';
    const wrong = await exchange({
      client_id: APP.clientId,
      client_secret: APP.clientSecret,
      code,
      code_verifier: pkcePair().verifier,
    });
    expect(wrong.error).toBe('bad_verification_code');
    expect(wrong.error_description).toMatch(/code_verifier.*SHA-256/);
    expect(
      (await exchange({ client_id: APP.clientId, client_secret: APP.clientSecret, code, code_verifier: verifier }))
        .error,
    ).toBe('bad_verification_code');
  });

  it('requires the verifier when a challenge was sent', async () => {
    const { challenge } = pkcePair();
    const code =
      (
        await consent({ code_challenge: challenge, code_challenge_method: 'S256' }, { login: 'ada-demo' })
      ).searchParams.get('code') ?? '';
    const missing = await exchange({ client_id: APP.clientId, client_secret: APP.clientSecret, code });
    expect(missing.error).toBe('bad_verification_code');
    expect(missing.error_description).toMatch(/code_verifier is required/);
  });
});

describe('revocation', () => {
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const revoke = (which: string, auth: string, body: unknown) =>
    c.request(`/api/v3/applications/${APP.clientId}/${which}`, {
      method: 'DELETE',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  async function oauthToken(login = 'ada-demo'): Promise<string> {
    const code = (await consent({ scope: 'read:user' }, { login })).searchParams.get('code') ?? '';
    return (await exchange({ client_id: APP.clientId, client_secret: APP.clientSecret, code })).access_token as string;
  }

  it('DELETE /token revokes the token (then 401 Bad credentials)', async () => {
    const token = await oauthToken();
    expect((await c.get('/api/v3/user', { token })).status).toBe(200);
    expect((await revoke('token', basic(APP.clientId, 'wrong'), { access_token: token })).status).toBe(404);
    const res = await revoke('token', basic(APP.clientId, APP.clientSecret), { access_token: token });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    const after = await c.get('/api/v3/user', { token });
    expect(after.status).toBe(401);
    expect(((await after.json()) as { message: string }).message).toBe('Bad credentials');
    expect((await revoke('token', basic(APP.clientId, APP.clientSecret), { access_token: token })).status).toBe(422);
  });

  it("DELETE /grant revokes all of the user's tokens for the app", async () => {
    const t1 = await oauthToken('margaret-demo');
    const t2 = await oauthToken('margaret-demo');
    const other = await oauthToken('ken-demo');
    expect((await revoke('grant', basic(APP.clientId, APP.clientSecret), { access_token: t1 })).status).toBe(204);
    expect((await c.get('/api/v3/user', { token: t2 })).status).toBe(401);
    expect((await c.get('/api/v3/user', { token: other })).status).toBe(200);
    expect((await revoke('grant', basic(APP.clientId, APP.clientSecret), {})).status).toBe(422);
  });
});

describe('default app', () => {
  it('registers DEMO_OAUTH_APP with the emulator origin as callback, and registerApp adds apps', async () => {
    const local = await startClient();
    try {
      const ok = await fetch(
        `${local.server.url}/login/oauth/authorize?client_id=${DEMO_OAUTH_APP.clientId}&redirect_uri=${encodeURIComponent(`${local.server.url}/auth/callback`)}`,
      );
      expect(ok.status).toBe(200);
      local.server.emulator.registerApp({ clientId: 'late', clientSecret: 's', callbackUrl: 'http://x.test/cb' });
      expect((await fetch(`${local.server.url}/login/oauth/authorize?client_id=late`)).status).toBe(200);
    } finally {
      await local.close();
    }
  });
});
