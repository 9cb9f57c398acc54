import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { unsealToken } from '../../../github/token-seal';
import {
  CALLBACK_URL,
  callback,
  consent,
  signInThroughGitHub,
  startAuthHarness,
  startSignIn,
  type AuthHarness,
} from '../../../testing/auth-harness';
import { describeEachDatabase } from '../../../testing/databases';

describeEachDatabase('GitHub sign-in and sessions', (engine) => {
  let h: AuthHarness;

  beforeAll(async () => {
    h = await startAuthHarness(engine);
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await h.control('DELETE', '/failures', {});
  });

  describe('start', () => {
    it('stores a hashed, browser-bound state and redirects to GitHub with PKCE S256', async () => {
      const { authorizeUrl, binding, response } = await startSignIn(h, '/chat/42?x=1');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${h.emulator.url}/login/oauth/authorize`);
      const params = Object.fromEntries(authorizeUrl.searchParams);
      expect(params).toMatchObject({
        client_id: 'reporooms-demo',
        redirect_uri: CALLBACK_URL,
        scope: 'read:user user:email',
        code_challenge_method: 'S256',
      });
      expect(params.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toMatch(/rr_oauth=[^;]+;/);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).toMatch(/Max-Age=600/i);

      const rows = await h.database.db.selectFrom('oauth_states').selectAll().execute();
      const row = rows.find((r) => r.return_to === '/chat/42?x=1');
      expect(row).toBeDefined();
      // Only hashes of state and binding are stored.
      expect(rows.map((r) => r.id)).not.toContain(params.state);
      expect(row!.browser_binding).not.toBe(binding);
      expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(10 * 60 * 1000);
    });

    it('only accepts same-site return paths', async () => {
      await h.database.db.deleteFrom('oauth_states').execute();
      for (const evil of ['https://evil.example/', '//evil.example', '/\\evil.example']) await startSignIn(h, evil);
      const rows = await h.database.db.selectFrom('oauth_states').select('return_to').execute();
      expect(rows.map((r) => r.return_to)).toEqual(['/', '/', '/']);
    });

    it('refuses to start at another address than PUBLIC_URL and says which one to use', async () => {
      await h.database.db.deleteFrom('oauth_states').execute();
      // The binding cookie would be set for 127.0.0.1 while GitHub returns the browser to localhost.
      for (const host of ['127.0.0.1:3000', 'localhost:4000', 'rooms.example']) {
        const response = await h.api.get('/api/auth/github/start?returnTo=%2F', { headers: { host } });
        expect(response.statusCode, host).toBe(302);
        expect(response.headers.location).toBe('/auth?error=wrong_origin');
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      expect(await h.database.db.selectFrom('oauth_states').selectAll().execute()).toEqual([]);
      // Behind a proxy the forwarded host counts.
      const proxied = await h.api.get('/api/auth/github/start', { headers: { 'x-forwarded-host': 'localhost:3000' } });
      expect(String(proxied.headers.location)).toContain('/login/oauth/authorize');
    });
  });

  describe('callback', () => {
    it("fills the new user's public profile from GitHub in the background after sign-in", async () => {
      const before = await h.api.get('/api/users/margaret-demo');
      expect(before.statusCode).toBe(404);
      const signedIn = await signInThroughGitHub(h, 'margaret-demo');
      expect(signedIn.location).toBe('/');
      // Nobody pressed 'Sync Now': the repositories arrive by themselves.
      await vi.waitFor(
        async () => {
          const page = await h.api.get('/api/users/margaret-demo');
          expect(page.statusCode).toBe(200);
          expect(page.json<{ repositories: unknown[] | null }>().repositories?.length ?? 0).toBeGreaterThan(0);
        },
        { timeout: 15_000, interval: 100 },
      );
      expect(h.logLines.join('\n')).toContain('GitHub data synced at sign-in');
    });

    it('signs in, keeps the token sealed, and sign-out ends the session everywhere', async () => {
      const started = await startSignIn(h, '/user/ada-demo');
      const back = await consent(h, started.authorizeUrl, { login: 'ada-demo' });
      expect(`${back.origin}${back.pathname}`).toBe(CALLBACK_URL);
      const done = await callback(h, back, started.binding);
      expect(done.response.statusCode).toBe(302);
      expect(done.location).toBe('/user/ada-demo');
      expect(done.session).toBeTruthy();
      const setCookie = ([] as string[]).concat(done.response.headers['set-cookie'] ?? []).join('\n');
      expect(setCookie).toMatch(/rr_session=[^;]+;.*HttpOnly/i);
      expect(setCookie).toMatch(/rr_oauth=;/);
      const cookie = `rr_session=${done.session}`;

      const me = await h.api.get('/api/me', { cookie });
      h.record(me);
      expect(me.statusCode).toBe(200);
      expect(me.headers['cache-control']).toBe('no-store');
      const user = me.json<{
        id: string;
        username: string;
        display_name: string;
        github_username: string;
        avatar_url: string;
        theme_preference: string;
      }>();
      expect(user).toMatchObject({
        username: 'ada-demo',
        display_name: 'Ada Demo',
        github_username: 'ada-demo',
        theme_preference: 'system',
      });
      expect(Object.keys(user).sort()).toEqual([
        'avatar_url',
        'display_name',
        'github_username',
        'id',
        'theme_preference',
        'username',
      ]);

      const profile = await h.database.db
        .selectFrom('profiles')
        .selectAll()
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(profile).toMatchObject({
        github_username: 'ada-demo',
        company: '@reporooms-demo',
        github_url: expect.stringContaining('ada-demo'),
      });
      expect(profile.public_repos).toBeGreaterThan(0);
      const token = unsealToken(h.ctx.secret, profile.github_token_sealed!);
      expect(token).toMatch(/^gho_/);

      const ended: string[] = [];
      await h.ctx.bus.subscribe('sessions', (message) => ended.push(message));
      const out = await h.api.post('/api/auth/sign-out', {}, { cookie });
      expect(out.statusCode).toBe(204);
      expect(String(out.headers['set-cookie'])).toMatch(/rr_session=;/);
      const session = await h.database.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
      expect(session).toEqual([]);
      await vi.waitFor(() => expect(ended).toHaveLength(1));
      expect(JSON.parse(ended[0]!)).toEqual({ type: 'session.ended', session_id: expect.any(String) });
      const after = await h.api.get('/api/me', { cookie });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ error: { code: 'unauthorized' } });

      // Nothing secret ever left the server or reached the logs.
      const secrets = [token!, 'reporooms-demo-secret', done.session!];
      const verifiers = (await h.database.db.selectFrom('oauth_states').select('code_verifier').execute()).map(
        (r) => r.code_verifier,
      );
      const leaked = [...h.exposed, ...h.logLines].join('\n');
      for (const secret of [...secrets, ...verifiers]) expect(leaked).not.toContain(secret);
      expect(h.logLines.join('\n')).toContain('signed in with GitHub');
    });

    it('answers 401 to /api/me without a session', async () => {
      const response = await h.api.get('/api/me');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('rejects a replayed callback (state is single use)', async () => {
      const first = await signInThroughGitHub(h, 'grace-demo');
      const replay = await callback(h, first.callbackUrl, first.binding);
      expect(replay.location).toBe('/auth?error=invalid_state');
      expect(replay.session).toBeUndefined();
    });

    it('rejects a tampered state', async () => {
      const started = await startSignIn(h);
      const back = await consent(h, started.authorizeUrl, { login: 'grace-demo' });
      const state = back.searchParams.get('state')!;
      back.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
      const done = await callback(h, back, started.binding);
      expect(done.location).toBe('/auth?error=invalid_state');
      expect(done.session).toBeUndefined();
    });

    it('rejects a state started in another browser (binding cookie mismatch) or with no cookie', async () => {
      const victim = await startSignIn(h);
      const attacker = await startSignIn(h);
      expect(attacker.binding).not.toBe(victim.binding);
      const back = await consent(h, attacker.authorizeUrl, { login: 'linus-demo' });
      const planted = await callback(h, back, victim.binding);
      expect(planted.location).toBe('/auth?error=invalid_state');
      expect(planted.session).toBeUndefined();

      const other = await startSignIn(h);
      const back2 = await consent(h, other.authorizeUrl, { login: 'linus-demo' });
      const noCookie = await callback(h, back2, undefined);
      expect(noCookie.location).toBe('/auth?error=invalid_state');
    });

    it('rejects a missing state and an expired one', async () => {
      const missing = await h.api.get('/api/auth/github/callback?code=abc');
      expect(missing.headers.location).toBe('/auth?error=invalid_state');

      const started = await startSignIn(h);
      const back = await consent(h, started.authorizeUrl, { login: 'linus-demo' });
      await h.database.db
        .updateTable('oauth_states')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      const expired = await callback(h, back, started.binding);
      expect(expired.location).toBe('/auth?error=invalid_state');
    });

    it('refuses a code that was already used', async () => {
      const first = await signInThroughGitHub(h, 'margaret-demo');
      const usedCode = first.callbackUrl.searchParams.get('code')!;
      const again = await startSignIn(h, '/', first.binding);
      const state = again.authorizeUrl.searchParams.get('state')!;
      const url = new URL(`${CALLBACK_URL}?code=${usedCode}&state=${state}`);
      const done = await callback(h, url, again.binding);
      expect(done.location).toBe('/auth?error=exchange_failed');
      expect(done.session).toBeUndefined();
    });

    it('refuses the exchange when the PKCE verifier does not match the challenge', async () => {
      const started = await startSignIn(h);
      const back = await consent(h, started.authorizeUrl, { login: 'ken-demo' });
      await h.database.db
        .updateTable('oauth_states')
        .set({ code_verifier: 'x'.repeat(43) })
        .execute();
      const done = await callback(h, back, started.binding);
      expect(done.location).toBe('/auth?error=exchange_failed');
      expect(done.session).toBeUndefined();
    });

    it('sends access_denied back to /auth when the user cancels', async () => {
      const started = await startSignIn(h);
      const back = await consent(h, started.authorizeUrl, { cancel: true });
      expect(back.searchParams.get('error')).toBe('access_denied');
      const done = await callback(h, back, started.binding);
      expect(done.location).toBe('/auth?error=access_denied');
      expect(done.session).toBeUndefined();
      // The pending sign-in is gone: the same state cannot be completed later.
      const later = await callback(
        h,
        new URL(`${CALLBACK_URL}?code=x&state=${back.searchParams.get('state')}`),
        started.binding,
      );
      expect(later.location).toBe('/auth?error=invalid_state');
    });

    it('reports GitHub being down without creating a session', async () => {
      await h.control('POST', '/failures', { pathPrefix: '/user', status: 503 });
      const started = await startSignIn(h);
      const back = await consent(h, started.authorizeUrl, { login: 'barbara-demo' });
      const done = await callback(h, back, started.binding);
      expect(done.location).toBe('/auth?error=github_unavailable');
      expect(done.session).toBeUndefined();
      const profile = await h.database.db
        .selectFrom('profiles')
        .select('id')
        .where('github_username', '=', 'barbara-demo')
        .execute();
      expect(profile).toEqual([]);
    });

    it('maps repeat sign-ins to the same account and keeps what the user edited', async () => {
      const first = await signInThroughGitHub(h, 'ken-demo');
      const me = (await h.api.get('/api/me', { cookie: first.cookie })).json<{ id: string }>();
      await h.database.db
        .updateTable('profiles')
        .set({ username: 'kenny', display_name: 'Kenny', bio: 'Mine', followers: -1 })
        .where('id', '=', me.id)
        .execute();
      const second = await signInThroughGitHub(h, 'ken-demo');
      expect(second.token).not.toBe(first.token);
      const again = (await h.api.get('/api/me', { cookie: second.cookie })).json<{
        id: string;
        username: string;
        display_name: string;
      }>();
      expect(again).toMatchObject({ id: me.id, username: 'kenny', display_name: 'Kenny' });
      const row = await h.database.db
        .selectFrom('profiles')
        .selectAll()
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      expect(row.bio).toBe('Mine');
      expect(row.followers).toBeGreaterThanOrEqual(0);
      const count = await h.database.db
        .selectFrom('profiles')
        .select('id')
        .where('github_username', '=', 'ken-demo')
        .execute();
      expect(count).toHaveLength(1);
    });

    it('replaces the session a browser already had when it signs in again', async () => {
      const first = await signInThroughGitHub(h, 'linus-demo');
      const started = await startSignIn(h);
      const back = await consent(h, started.authorizeUrl, { login: 'linus-demo' });
      const response = await h.api.get(`${back.pathname}${back.search}`, {
        cookie: `${first.cookie}; rr_oauth=${started.binding}`,
      });
      expect(response.statusCode).toBe(302);
      expect((await h.api.get('/api/me', { cookie: first.cookie })).statusCode).toBe(401);
    });
  });

  describe('sign-out', () => {
    it('is refused cross-origin and answers 204 without a session', async () => {
      const first = await signInThroughGitHub(h, 'grace-demo');
      const foreign = await h.api.post(
        '/api/auth/sign-out',
        {},
        { cookie: first.cookie, origin: 'https://evil.example' },
      );
      expect(foreign.statusCode).toBe(403);
      expect((await h.api.get('/api/me', { cookie: first.cookie })).statusCode).toBe(200);
      expect((await h.api.post('/api/auth/sign-out', {})).statusCode).toBe(204);
    });
  });
});
