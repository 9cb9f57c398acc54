import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoomWithMembers, createUsers, type ChatRoomFixture } from './support/chat-fixture';
import { startDeployment, type Deployment } from './support/deployment';

/** Long enough that no batch runs before the kill. */
const HELD_MS = '600000';

describe.each(['sqlite', 'postgres'] as const)('server SIGKILLed between a send and its batch [%s]', (engine) => {
  let deployment: Deployment;
  let room: ChatRoomFixture;

  beforeAll(async () => {
    deployment = await startDeployment({ engine, env: { POST_COMMIT_DELAY_MS: HELD_MS } });
    room = await createRoomWithMembers(deployment.fixture, await createUsers(deployment.fixture, 3));
  });
  afterAll(async () => {
    await deployment?.destroy();
  });

  it('applies the search words, read positions and mentions of every message after the restart', async () => {
    const [server] = deployment.servers;
    const [ada, grace, linus] = room.members;
    if (!server || !ada || !grace || !linus) throw new Error('no server or members');
    const db = deployment.fixture.db;
    const handles = new Map(
      (await db.selectFrom('profiles').select(['id', 'username']).execute()).map((p) => [p.id, p.username ?? '']),
    );
    const sent: Array<{ id: string; author: string; mentioned: string }> = [];
    for (const [i, [author, mentioned]] of [
      [ada, grace],
      [grace, linus],
      [linus, ada],
      [ada, linus],
    ].entries()) {
      const response = await fetch(`${server.origin}/api/rooms/${room.id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.origin, cookie: author!.cookie },
        body: JSON.stringify({ client_id: `crash-${i}`, content: `pangolin${i} for @${handles.get(mentioned!.id)}` }),
      });
      expect(response.status).toBe(201);
      const { message } = (await response.json()) as { message: { id: string } };
      sent.push({ id: message.id, author: author!.id, mentioned: mentioned!.id });
    }

    const mentionCount = async () =>
      Number(
        (
          await db
            .selectFrom('message_mentions')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('room_id', '=', room.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const positions = async () =>
      new Map(
        (
          await db
            .selectFrom('chat_members')
            .select(['user_id', 'read_message_id'])
            .where('room_id', '=', room.id)
            .execute()
        ).map((row) => [row.user_id, row.read_message_id]),
      );
    const search = async (word: string) => {
      const response = await fetch(`${server.origin}/api/search/messages?q=${word}&room_id=${room.id}`, {
        headers: { cookie: ada.cookie },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { results: Array<{ id: string }> }).results.map((hit) => hit.id);
    };
    // Committed and acknowledged, its batch held back: nothing after the commit is written yet.
    expect(await mentionCount()).toBe(0);
    expect((await positions()).get(ada.id)).not.toBe(sent[3]?.id);

    await server.kill();
    await server.start({ POST_COMMIT_DELAY_MS: '0' });

    // The restarted process resumes from the event log at the room's cursor.
    const deadline = Date.now() + 20_000;
    while ((await mentionCount()) < sent.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await mentionCount()).toBe(sent.length);
    const after = await positions();
    expect(after.get(ada.id)).toBe(sent[3]?.id);
    expect(after.get(grace.id)).toBe(sent[1]?.id);
    expect(after.get(linus.id)).toBe(sent[2]?.id);
    for (const [i, message] of sent.entries()) expect(await search(`pangolin${i}`)).toEqual([message.id]);
    const cursor = await db
      .selectFrom('post_commit_cursors')
      .select('applied_seq')
      .where('room_id', '=', room.id)
      .executeTakeFirstOrThrow();
    const { last_seq: lastSeq } = await db
      .selectFrom('chat_rooms')
      .select('last_seq')
      .where('id', '=', room.id)
      .executeTakeFirstOrThrow();
    expect(Number(cursor.applied_seq)).toBe(Number(lastSeq));
  });
});
