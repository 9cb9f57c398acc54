import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MessagesPageResponse, SiteStatsResponse } from '../../../shared/api/rooms';
import { loadConfig } from '../../config/config';
import { describeEachDatabase } from '../../testing/databases';
import { createMember, type TestMember } from '../../testing/room-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DEMO_CONVERSATIONS } from './conversations';
import { createDemoContentService } from './demo-content.service';
import { seedDemoContent } from './demo-content.start';

const WEB_URL = 'http://localhost:3000/_emulator';
const DEMO_LOGINS = /-demo$/i;

/** The creation time a time-ordered id carries in its first 48 bits. */
function idTime(id: string): number {
  const hex = id.replace(/-/g, '');
  return parseInt(hex.slice(0, 12), 16);
}

describeEachDatabase('demo content', (engine) => {
  let t: TestApp;
  let member: TestMember;
  let now: number;
  const db = () => t.database.db;
  const count = async (table: 'chat_rooms' | 'messages' | 'message_reactions' | 'room_events' | 'profiles') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp({ engine, github: 'emulator' });
    now = Date.now();
    // Two processes starting at once: one writes each room, the other finds it there.
    const [a, b] = await Promise.all([
      createDemoContentService({ db: db(), now: () => now, webUrl: WEB_URL }).seed(),
      createDemoContentService({ db: db(), now: () => now, webUrl: WEB_URL }).seed(),
    ]);
    expect([...a, ...b].sort()).toEqual(DEMO_CONVERSATIONS.map((c) => c.repo).sort());
    member = await createMember(t);
  }, 60_000);
  afterAll(async () => {
    await t?.destroy();
  });

  it('creates one room per conversation, with the scripted messages, edits and reactions', async () => {
    const rooms = await db().selectFrom('chat_rooms').selectAll().execute();
    expect(rooms.map((r) => r.repo_full_name).sort()).toEqual(DEMO_CONVERSATIONS.map((c) => c.repo).sort());
    for (const script of DEMO_CONVERSATIONS) {
      const room = rooms.find((r) => r.repo_full_name === script.repo)!;
      const messages = await db().selectFrom('messages').selectAll().where('room_id', '=', room.id).execute();
      const scripted = script.bursts.flatMap((b) => b.messages);
      expect(messages).toHaveLength(scripted.length);
      expect(messages.filter((m) => m.edited_at !== null)).toHaveLength(scripted.filter((m) => m.edit).length);
      const reactions = await db().selectFrom('message_reactions').selectAll().where('room_id', '=', room.id).execute();
      expect(reactions).toHaveLength(scripted.flatMap((m) => m.react ?? []).flatMap(([, who]) => who).length);
      const members = await db().selectFrom('chat_members').selectAll().where('room_id', '=', room.id).execute();
      expect(members).toHaveLength(script.speakers);
    }
    expect(await count('message_reactions')).toBeGreaterThan(0);
  });

  it('writes every change as a room event with gap-free sequence numbers', async () => {
    const rooms = await db().selectFrom('chat_rooms').selectAll().execute();
    for (const room of rooms) {
      const events = await db()
        .selectFrom('room_events')
        .selectAll()
        .where('room_id', '=', room.id)
        .orderBy('seq')
        .execute();
      expect(events.map((e) => Number(e.seq))).toEqual(events.map((_, i) => i + 1));
      expect(Number(room.last_seq)).toBe(events.length);
      const counts = (type: string) => events.filter((e) => e.type === type).length;
      const messages = await db().selectFrom('messages').selectAll().where('room_id', '=', room.id).execute();
      expect(counts('message.created')).toBe(messages.length);
      expect(counts('message.updated')).toBe(messages.filter((m) => m.edited_at).length);
      expect(counts('member.joined')).toBeGreaterThan(1);
      expect(counts('reaction.added')).toBeGreaterThan(0);
      // Event times never go backwards, and the room's activity is its last event.
      const times = events.map((e) => e.created_at);
      expect([...times].sort()).toEqual(times);
      expect(room.last_activity_at).toBe(times.at(-1));
      // The log shows each message as it is now (an edit rewrote its message.created event).
      for (const m of messages) {
        const created = events.find((e) => e.type === 'message.created' && e.message_id === m.id)!;
        expect(JSON.parse(created.payload).message.content).toBe(m.content);
      }
    }
  });

  it('gives messages time-ordered ids matching their times, in the past, by fictional contributors', async () => {
    const messages = await db().selectFrom('messages').selectAll().execute();
    for (const m of messages) {
      expect(idTime(m.id)).toBe(Date.parse(m.created_at));
      expect(Date.parse(m.created_at)).toBeLessThan(now);
      if (m.edited_at) expect(m.edited_at > m.created_at).toBe(true);
    }
    const times = messages.map((m) => Date.parse(m.created_at));
    expect(Math.min(...times)).toBeLessThan(now - 4 * 24 * 3600_000);
    expect(Math.max(...times)).toBeGreaterThan(now - 60 * 60_000);
    expect(messages.some((m) => m.content.includes('```'))).toBe(true);
    expect(messages.some((m) => /https:\/\//.test(m.content))).toBe(true);
    expect(messages.some((m) => m.content.includes('@{'))).toBe(false);
    const authors = await db().selectFrom('profiles').select(['github_username', 'username', 'avatar_url']).execute();
    expect(authors.some((a) => DEMO_LOGINS.test(a.github_username ?? ''))).toBe(false);
    // Mentions name participants of the room by their usernames.
    const mention = messages.find((m) => /@[\w-]+/.test(m.content))!;
    const name = /@([\w-]+)/.exec(mention.content)![1];
    expect(authors.some((a) => a.username === name)).toBe(true);
  });

  it('changes nothing when run again', async () => {
    const before = await Promise.all(
      (['chat_rooms', 'messages', 'message_reactions', 'room_events', 'profiles'] as const).map(count),
    );
    const again = await createDemoContentService({ db: db(), now: () => Date.now(), webUrl: WEB_URL }).seed();
    expect(again).toEqual([]);
    const after = await Promise.all(
      (['chat_rooms', 'messages', 'message_reactions', 'room_events', 'profiles'] as const).map(count),
    );
    expect(after).toEqual(before);
  });

  it('answers the messages API, the site stats and Active now with the demo conversations', async () => {
    const room = await db()
      .selectFrom('chat_rooms')
      .selectAll()
      .where('repo_full_name', '=', 'facebook/react')
      .executeTakeFirstOrThrow();
    const page = await member.api.get(`/api/rooms/${room.id}/messages?limit=50`, { cookie: member.cookie });
    expect(page.statusCode).toBe(200);
    const body = page.json<MessagesPageResponse>();
    expect(body.messages.length).toBeGreaterThan(10);
    expect(body.messages.some((m) => m.edited_at !== null)).toBe(true);
    expect(body.messages.some((m) => m.reactions.length > 0)).toBe(true);
    expect(body.messages.every((m) => m.author.username !== null && m.author.avatar_url !== null)).toBe(true);

    const stats = (await member.api.get('/api/stats')).json<SiteStatsResponse>();
    expect(stats.rooms).toBe(DEMO_CONVERSATIONS.length);
    expect(stats.messages).toBe(await count('messages'));
    expect(stats.members).toBeGreaterThan(10);

    const active = await member.api.get('/api/discovery/active');
    expect(active.statusCode).toBe(200);
    expect(active.body).toContain('facebook/react');
  });
});

describeEachDatabase('demo content at start-up', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(async () => {
    await t?.destroy();
  });
  const start = (env: Record<string, string>) =>
    seedDemoContent({ ...t.ctx, config: loadConfig({ LOG_LEVEL: 'silent', ...env }) });

  it('is off with DEMO_CONTENT=false, in live mode and with an external GitHub API', async () => {
    expect(await start({ DEMO_CONTENT: 'false' })).toEqual([]);
    expect(await start({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' })).toEqual([]);
    expect(await start({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret', DEMO_CONTENT: 'true' })).toEqual([]);
    expect(await start({ GITHUB_API_URL: 'http://127.0.0.1:9/api/v3' })).toEqual([]);
    const rooms = await t.database.db.selectFrom('chat_rooms').select('id').execute();
    expect(rooms).toEqual([]);
  });

  it('rejects a DEMO_CONTENT that is neither true nor false', () => {
    expect(() => loadConfig({ DEMO_CONTENT: 'yes' })).toThrow(/DEMO_CONTENT must be true or false/);
  });

  it('fills an empty site in demo mode, once', async () => {
    expect((await start({})).length).toBe(DEMO_CONVERSATIONS.length);
    expect(await start({})).toEqual([]);
  });
});
