import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MessageDto, MessagesPageResponse } from '../../../../shared/api/rooms';
import { describeEachDatabase } from '../../../testing/databases';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { REFERENCE_READS_PER_ROOM_HOUR } from '../../../services/messages/message-references.service';
import { createMember, messageOf, testClock, type TestMember } from '../../../testing/room-test-kit';
import { replayedLog } from '../../../testing/room-log';

interface Item {
  number: number;
  title: string;
  state: 'open' | 'closed';
  pull_request?: { merged_at: string | null };
}
interface Counters {
  total: number;
  byPath: Record<string, number>;
}

const TTL_SECONDS = 60;

describeEachDatabase('GitHub references in messages', (engine) => {
  let app: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    app = await createTestApp({
      engine,
      now: clock.now,
      github: 'emulator',
      env: { GITHUB_CACHE_TTL_SECONDS: String(TTL_SECONDS) },
    });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const emulator = () => {
    if (!app.emulator) throw new Error('the test app has no standalone emulator');
    return app.emulator.url;
  };
  const control = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${emulator()}/__control/${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return response.json();
  };
  const issueCalls = async () => {
    const counters = (await control('GET', 'counters')) as Counters;
    return Object.fromEntries(Object.entries(counters.byPath).filter(([path]) => /\/issues\/\d+$/.test(path)));
  };
  const items = async (repo: string): Promise<Item[]> => {
    const response = await fetch(`${emulator()}/api/v3/repos/${repo}/issues?state=all&per_page=100`);
    return (await response.json()) as Item[];
  };
  const openIssue = async (repo: string) => (await items(repo)).find((i) => !i.pull_request && i.state === 'open')!;
  const openPull = async (repo: string) => (await items(repo)).find((i) => i.pull_request && i.state === 'open')!;
  const page = async (roomId: string, as: TestMember) =>
    (await as.api.get(`/api/rooms/${roomId}/messages`, { cookie: as.cookie })).json<MessagesPageResponse>();
  const messageIn = async (roomId: string, as: TestMember, id: string) =>
    (await page(roomId, as)).messages.find((m) => m.id === id) as MessageDto;
  const events = (roomId: string) => replayedLog(app.ctx.database.db, roomId);
  const settled = () => app.services.messageReferences.settled();
  /** Lets the cache lifetime pass: for the app's clock (its references) and the GitHub cache's. */
  const passCacheLifetime = async () => {
    clock.advance((TTL_SECONDS + 1) * 1000);
    await app.ctx.database.db
      .updateTable('github_cache')
      .set({ fetched_at: new Date(Date.now() - (TTL_SECONDS + 1) * 1000).toISOString() })
      .execute();
  };

  it('resolves #N, owner/repo#N and addresses after sending, and publishes them as a room event', async () => {
    const ada = await createMember(app);
    const roomId = (await ada.join('vitejs/vite')).room.id;
    const issue = await openIssue('vitejs/vite');
    const pull = await openPull('facebook/react');
    await control('DELETE', 'counters');

    const sent = await ada.send(
      roomId,
      `Fixed by #${issue.number}? See facebook/react#${pull.number} and https://github.com/vitejs/vite/issues/${issue.number}, not \`#1\``,
    );
    expect(sent.statusCode).toBe(201);
    // The answer does not wait on GitHub.
    expect(messageOf(sent).references).toBeUndefined();
    await settled();

    const expected = [
      { repo: 'vitejs/vite', number: issue.number, kind: 'issue', title: issue.title, state: 'open' },
      { repo: 'facebook/react', number: pull.number, kind: 'pull', title: pull.title, state: 'open' },
    ];
    const message = await messageIn(roomId, ada, messageOf(sent).id);
    expect(message.references).toEqual(expected);
    const log = await events(roomId);
    const last = log.at(-1);
    expect(last?.event).toEqual({ type: 'message.references', message_id: message.id, references: expected });
    expect(last?.seq).toBe((await page(roomId, ada)).last_seq);
    // One batch: one read per distinct reference; `#1` in code is never read.
    expect(await issueCalls()).toEqual({
      [`/repos/vitejs/vite/issues/${issue.number}`]: 1,
      [`/repos/facebook/react/issues/${pull.number}`]: 1,
    });
  });

  it('reads each reference once per cache lifetime, however often it is sent or served', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = (await ada.join('sveltejs/svelte')).room.id;
    await grace.join('sveltejs/svelte');
    const issue = await openIssue('sveltejs/svelte');
    await control('DELETE', 'counters');

    for (const [i, as] of [ada, grace, ada].entries()) {
      expect((await as.send(roomId, `#${issue.number} again (${i})`)).statusCode).toBe(201);
    }
    await settled();
    for (let i = 0; i < 3; i += 1) await page(roomId, grace);
    await settled();
    expect(await issueCalls()).toEqual({ [`/repos/sveltejs/svelte/issues/${issue.number}`]: 1 });
    const messages = (await page(roomId, ada)).messages;
    expect(messages.map((m) => m.references?.[0]?.state)).toEqual(['open', 'open', 'open']);
  });

  it('resolves at most ten references of a message; missing and failing ones stay plain', async () => {
    const ada = await createMember(app);
    const roomId = (await ada.join('facebook/react')).room.id;
    const open = (await items('facebook/react')).filter((i) => i.state === 'open');
    expect(open.length).toBeGreaterThanOrEqual(12);
    await control('DELETE', 'counters');

    const many = messageOf(
      await ada.send(
        roomId,
        open
          .slice(0, 12)
          .map((i) => `#${i.number}`)
          .join(' '),
      ),
    );
    await settled();
    expect((await messageIn(roomId, ada, many.id)).references?.map((r) => r.number)).toEqual(
      open.slice(0, 10).map((i) => i.number),
    );
    // Only the first ten are read (some may already be cached from earlier messages).
    const read = Object.keys(await issueCalls());
    expect(read.length).toBeGreaterThan(0);
    const firstTen = open.slice(0, 10).map((i) => `/repos/facebook/react/issues/${i.number}`);
    expect(read.every((path) => firstTen.includes(path))).toBe(true);

    const failing = open[11]!;
    await control('POST', 'failures', { pathPrefix: `/repos/facebook/react/issues/${failing.number}`, status: 503 });
    try {
      const eventsBefore = (await events(roomId)).length;
      const plain = messageOf(await ada.send(roomId, `#999999999 and #${failing.number} and nobody/nothing#3`));
      await settled();
      expect((await messageIn(roomId, ada, plain.id)).references).toBeUndefined();
      // Only the message itself was logged: nothing resolved, nothing published.
      expect((await events(roomId)).length).toBe(eventsBefore + 1);
    } finally {
      await control('DELETE', 'failures');
    }
  });

  it('a quota failure leaves plain links and nothing written', async () => {
    const ada = await createMember(app);
    const roomId = (await ada.join('vuejs/core')).room.id;
    const issue = await openIssue('vuejs/core');
    await control('POST', 'secondary-rate-limit', { count: 5, retryAfter: 60 });
    try {
      const sent = messageOf(await ada.send(roomId, `about #${issue.number}`));
      await settled();
      expect((await messageIn(roomId, ada, sent.id)).references).toBeUndefined();
      expect((await events(roomId)).map((e) => e.event.type)).not.toContain('message.references');
    } finally {
      await control('DELETE', 'secondary-rate-limit');
    }
  });

  it('a state changed on GitHub reaches the room as an event once the cache lifetime has passed', async () => {
    const ada = await createMember(app);
    const roomId = (await ada.join('vitejs/vite')).room.id;
    const issue = (await items('vitejs/vite')).filter((i) => !i.pull_request && i.state === 'open')[1]!;
    const sent = messageOf(await ada.send(roomId, `Tracking #${issue.number}`));
    await settled();
    expect((await messageIn(roomId, ada, sent.id)).references?.[0]?.state).toBe('open');

    await control('PUT', 'issue-state', { repo: 'vitejs/vite', number: issue.number, state: 'closed' });
    await control('DELETE', 'counters');
    // Within the cache lifetime nothing is read again.
    await page(roomId, ada);
    await settled();
    expect(await issueCalls()).toEqual({});
    expect((await messageIn(roomId, ada, sent.id)).references?.[0]?.state).toBe('open');
    // That page's check of its references finishes before the clock moves on.
    await settled();

    await passCacheLifetime();
    const served = await page(roomId, ada);
    await settled();
    // The page's other messages with references are read again too, each reference once.
    expect(await issueCalls()).toMatchObject({ [`/repos/vitejs/vite/issues/${issue.number}`]: 1 });
    expect(Math.max(...Object.values(await issueCalls()))).toBe(1);
    const last = (await events(roomId)).at(-1);
    expect(last?.seq).toBe(served.last_seq + 1);
    expect(last?.event).toEqual({
      type: 'message.references',
      message_id: sent.id,
      references: [{ repo: 'vitejs/vite', number: issue.number, kind: 'issue', title: issue.title, state: 'closed' }],
    });
    expect((await messageIn(roomId, ada, sent.id)).references?.[0]?.state).toBe('closed');

    // Served again after another lifetime with nothing changed: read (304), no new event.
    await passCacheLifetime();
    const count = (await events(roomId)).length;
    await page(roomId, ada);
    await settled();
    expect((await events(roomId)).length).toBe(count);
  });

  it('a pull request shows Draft and Merged', async () => {
    const ada = await createMember(app);
    const roomId = (await ada.join('sveltejs/svelte')).room.id;
    const pulls = (await items('sveltejs/svelte')).filter((i) => i.pull_request && i.state === 'open');
    const [draft, merged] = [pulls[0]!, pulls[1]!];
    await control('PUT', 'issue-state', { repo: 'sveltejs/svelte', number: draft.number, state: 'draft' });
    await control('PUT', 'issue-state', { repo: 'sveltejs/svelte', number: merged.number, state: 'merged' });
    try {
      const sent = messageOf(
        await ada.send(roomId, `https://github.com/sveltejs/svelte/pull/${draft.number} and #${merged.number}`),
      );
      await settled();
      expect((await messageIn(roomId, ada, sent.id)).references?.map((r) => [r.kind, r.state])).toEqual([
        ['pull', 'draft'],
        ['pull', 'merged'],
      ]);
    } finally {
      await control('POST', 'reset');
    }
  });

  it('an edit keeps the references still there; a delete takes them out of storage and the log', async () => {
    const ada = await createMember(app);
    const roomId = (await ada.join('facebook/react')).room.id;
    const [first, second] = (await items('facebook/react')).filter((i) => !i.pull_request);
    const sent = messageOf(await ada.send(roomId, `#${first!.number} and #${second!.number}`));
    await settled();
    expect((await messageIn(roomId, ada, sent.id)).references).toHaveLength(2);

    const edited = await ada.api.patch(
      `/api/messages/${sent.id}`,
      { content: `only #${second!.number}` },
      { cookie: ada.cookie },
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json<{ message: MessageDto }>().message.references?.map((r) => r.number)).toEqual([second!.number]);
    await settled();
    const log = await events(roomId);
    const referenceEvents = log.filter((e) => e.event.type === 'message.references' && e.event.message_id === sent.id);
    expect(referenceEvents.length).toBeGreaterThan(0);
    for (const { event } of referenceEvents) {
      expect(event).toMatchObject({ references: [{ number: second!.number }] });
    }

    expect((await ada.api.delete(`/api/messages/${sent.id}`, {}, { cookie: ada.cookie })).statusCode).toBe(204);
    const row = await app.ctx.database.db
      .selectFrom('message_references')
      .select('message_id')
      .where('message_id', '=', sent.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    // Every logged event of the message is now its tombstone.
    const ofMessage = (await events(roomId)).filter(
      ({ event }) =>
        ('message_id' in event && event.message_id === sent.id) || ('message' in event && event.message.id === sent.id),
    );
    expect(ofMessage.length).toBeGreaterThan(1);
    expect(ofMessage.every(({ event }) => event.type === 'message.deleted')).toBe(true);
  });

  it('a reference put off by the room’s hourly budget is read by a page served after the hour', async () => {
    const grace = await createMember(app);
    // A room of its own: its budget is spent by this test alone.
    const roomId = (await grace.join('microsoft/vscode')).room.id;
    // Made-up numbers spend the room's budget (each is asked about once).
    let made = 990_000;
    for (let sent = 0; sent < REFERENCE_READS_PER_ROOM_HOUR / 10; sent += 1) {
      const numbers = Array.from({ length: 10 }, () => `#${(made += 1)}`).join(' ');
      expect((await grace.send(roomId, numbers)).statusCode).toBe(201);
      if (sent % 10 === 9) clock.advance(60_000);
    }
    await settled();
    const issue = (await items('microsoft/vscode')).filter((i) => !i.pull_request)[0]!;
    const sent = messageOf(await grace.send(roomId, `but #${issue.number} is real`));
    await settled();
    expect((await messageIn(roomId, grace, sent.id)).references).toBeUndefined();

    clock.advance(3_600_000 + 60_000);
    await page(roomId, grace);
    await settled();
    expect((await messageIn(roomId, grace, sent.id)).references).toEqual([
      { repo: 'microsoft/vscode', number: issue.number, kind: 'issue', title: issue.title, state: issue.state },
    ]);
  });
});
