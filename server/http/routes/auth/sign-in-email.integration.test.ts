import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { MailSettingsDto } from '../../../../shared/api/mail';
import {
  callback,
  consent,
  signInThroughGitHub,
  startAuthHarness,
  startSignIn,
  type AuthHarness,
} from '../../../testing/auth-harness';
import { describeEachDatabase } from '../../../testing/databases';

/**
 * The e-mail address comes from GitHub's GET /user/emails at sign-in: the entry both primary and
 * verified, never an unverified one. The emulator lists, for each demo account, an unverified
 * secondary address and the noreply one before the primary (newcomer-demo's is not verified).
 */
describeEachDatabase('the e-mail address read at sign-in', (engine) => {
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

  const storedEmail = async (login: string) =>
    (
      await h.database.db
        .selectFrom('profiles')
        .select('email')
        .where('github_username', '=', login)
        .executeTakeFirstOrThrow()
    ).email;
  const mailSettings = async (cookie: string) => (await h.api.get('/api/me/mail', { cookie })).json<MailSettingsDto>();

  it('is the verified primary one, not the unverified secondary listed first', async () => {
    const { cookie } = await signInThroughGitHub(h, 'margaret-demo');
    expect(await storedEmail('margaret-demo')).toBe('margaret-demo@example.com');
    expect(await mailSettings(cookie)).toMatchObject({
      address: 'margaret-demo@example.com',
      address_source: 'github',
      github_address: 'margaret-demo@example.com',
    });
  });

  it('is none when the primary address is not verified yet', async () => {
    const { cookie } = await signInThroughGitHub(h, 'newcomer-demo');
    expect(await storedEmail('newcomer-demo')).toBeNull();
    const settings = await mailSettings(cookie);
    expect(settings).toMatchObject({ address: null, address_source: null, github_address: null });
    expect(JSON.stringify(settings)).not.toContain('unverified.example.com');
  });

  it('replaces an address stored before with the verified primary one at the next sign-in', async () => {
    await signInThroughGitHub(h, 'ken-demo');
    await h.database.db
      .updateTable('profiles')
      .set({ email: 'ken-demo@unverified.example.com' })
      .where('github_username', '=', 'ken-demo')
      .execute();
    await signInThroughGitHub(h, 'ken-demo');
    expect(await storedEmail('ken-demo')).toBe('ken-demo@example.com');
  });

  it('is none when the grant leaves out user:email (GitHub answers 404)', async () => {
    const started = await startSignIn(h);
    started.authorizeUrl.searchParams.set('scope', 'read:user');
    const back = await consent(h, started.authorizeUrl, { login: 'linus-demo' });
    const done = await callback(h, back, started.binding);
    expect(done.session).toBeTruthy();
    expect(await storedEmail('linus-demo')).toBeNull();
  });

  it('when GitHub cannot list the addresses, sign-in still works and the stored address stays', async () => {
    await signInThroughGitHub(h, 'barbara-demo');
    expect(await storedEmail('barbara-demo')).toBe('barbara-demo@example.com');
    await h.control('POST', '/failures', { pathPrefix: '/user/emails', status: 503 });
    const again = await signInThroughGitHub(h, 'barbara-demo');
    expect(again.cookie).toMatch(/^rr_session=/);
    expect(await storedEmail('barbara-demo')).toBe('barbara-demo@example.com');
  });
});
