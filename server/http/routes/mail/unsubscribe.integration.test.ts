import { afterAll, beforeAll, expect, it } from 'vitest';
import { LINK_NOT_VALID, UNSUBSCRIBE_QUESTION, UNSUBSCRIBED, type MailSettingsDto } from '../../../../shared/api/mail';
import { describeEachDatabase } from '../../../testing/databases';
import { createMember, roomWith, type TestMember } from '../../../testing/room-test-kit';
import { createTestApp, type TestApp } from '../../../testing/test-app';

describeEachDatabase('the unsubscribe link', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ engine, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  /** A person with an address, e-mail on and a digest room: the link's path and query. */
  async function subscribed(): Promise<{ member: TestMember; link: string; roomId: string }> {
    const member = await createMember(app);
    await app.ctx.database.db
      .updateTable('profiles')
      .set({ email: `${member.username}@example.test` })
      .where('id', '=', member.id)
      .execute();
    const roomId = await roomWith(member);
    const put = await member.api.put(
      '/api/me/mail',
      { mentions_and_replies: true, digest_room_ids: [roomId] },
      { cookie: member.cookie },
    );
    expect(put.statusCode, put.body).toBe(200);
    const recipient = await app.services.mail.settings.recipient(member.id);
    const url = new URL(recipient!.unsubscribeUrl);
    expect(url.origin).toBe('http://localhost:3000');
    return { member, link: `${url.pathname}${url.search}`, roomId };
  }
  const settingsOf = async (member: TestMember) =>
    (await member.api.get('/api/me/mail', { cookie: member.cookie })).json<MailSettingsDto>();
  const post = (url: string, payload: string) =>
    app.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });

  it('opening the link (as a mail scanner does) only asks; its button turns e-mail off without signing in', async () => {
    const { member, link, roomId } = await subscribed();
    for (let i = 0; i < 2; i += 1) {
      const page = await app.app.inject({ method: 'GET', url: link });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(UNSUBSCRIBE_QUESTION);
      expect(page.body).toContain(`<form method="post" action="${link.replace(/&/g, '&amp;')}">`);
      expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
      expect(page.body).not.toContain('<script');
    }
    expect(await settingsOf(member)).toMatchObject({ mentions_and_replies: true, digest_room_ids: [roomId] });

    // The button sends the form it carries (the same body as a mail client's one click).
    const answer = await post(link, 'List-Unsubscribe=One-Click');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(UNSUBSCRIBED);
    expect(await settingsOf(member)).toMatchObject({ mentions_and_replies: false, digest_room_ids: [] });
  });

  it("RFC 8058's one-click POST acts at once, without a session or an Origin", async () => {
    const { member, link } = await subscribed();
    const answer = await post(link, 'List-Unsubscribe=One-Click');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(UNSUBSCRIBED);
    expect((await settingsOf(member)).mentions_and_replies).toBe(false);
    // Again: still off, still fine.
    expect((await post(link, 'List-Unsubscribe=One-Click')).statusCode).toBe(200);
  });

  it('a token that matches nobody says the link is not valid, with a 404, and changes nothing', async () => {
    const { member } = await subscribed();
    for (const url of ['/mail/unsubscribe?token=nope', '/mail/unsubscribe', '/mail/unsubscribe?token=']) {
      const page = await app.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain(LINK_NOT_VALID);
      expect(page.body).not.toContain('<form');
      const posted = await post(url, 'List-Unsubscribe=One-Click');
      expect(posted.statusCode, url).toBe(404);
      expect(posted.body).toContain(LINK_NOT_VALID);
    }
    expect((await settingsOf(member)).mentions_and_replies).toBe(true);
  });
});
