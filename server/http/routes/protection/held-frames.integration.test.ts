import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HeldMessageResponse } from '../../../../shared/api/protection';
import type { ServerFrame } from '../../../../shared/realtime/protocol';
import { describeEachDatabase } from '../../../testing/databases';
import { createMember, makeModerator, roomWith, type TestMember } from '../../../testing/room-test-kit';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { openTestSocket, type TestSocket } from '../../../testing/ws-test-client';

const ORIGIN = 'http://localhost:3000';
type HeldFrame = Extract<ServerFrame, { type: 'held.changed' }>;

describeEachDatabase('held messages over the realtime socket', (engine) => {
  let app: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    app = await createTestApp({ engine, github: 'emulator' });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.destroy();
  });

  /** A socket on no room at all: these frames reach a user wherever their tab is. */
  async function socketOf(member: TestMember): Promise<TestSocket> {
    const socket = await openTestSocket(url, { cookie: member.cookie, origin: ORIGIN });
    sockets.push(socket);
    await socket.waitFor('hello');
    return socket;
  }
  const heldFrames = (socket: TestSocket) => socket.frames.filter((f): f is HeldFrame => f.type === 'held.changed');

  it('moderators get the "Review" count as it changes; the author gets each decision; nobody else anything', async () => {
    const moderator = await createMember(app);
    const author = await createMember(app);
    const other = await createMember(app);
    const roomId = await roomWith(moderator, author, other);
    await makeModerator(app, roomId, moderator.id);
    const protect = await moderator.api.put(
      `/api/rooms/${roomId}/protection`,
      { new_account_days: 0, first_messages_held: 3, newcomer_links: 'allowed', locked: false },
      { cookie: moderator.cookie },
    );
    expect(protect.statusCode, protect.body).toBe(200);
    const [toModerator, toAuthor, toOther] = await Promise.all([
      socketOf(moderator),
      socketOf(author),
      socketOf(other),
    ]);

    const first = (await author.send(roomId, 'first try')).json<HeldMessageResponse>().held;
    await toModerator.waitFor('held.changed', (f) => f.pending_count === 1);
    const second = (await author.send(roomId, 'second try')).json<HeldMessageResponse>().held;
    await toModerator.waitFor('held.changed', (f) => f.pending_count === 2);

    const approved = await moderator.api.post(
      `/api/held-messages/${first.id}/approve`,
      {},
      { cookie: moderator.cookie },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await toAuthor.waitFor('held.changed', (f) => f.message_id === first.id)).toEqual({
      type: 'held.changed',
      room_id: roomId,
      message_id: first.id,
      status: 'approved',
    });
    await toModerator.waitFor('held.changed', (f) => f.pending_count === 1 && heldFrames(toModerator).length === 3);

    const rejected = await moderator.api.post(
      `/api/held-messages/${second.id}/reject`,
      {},
      { cookie: moderator.cookie },
    );
    expect(rejected.statusCode, rejected.body).toBe(204);
    expect(await toAuthor.waitFor('held.changed', (f) => f.message_id === second.id)).toEqual({
      type: 'held.changed',
      room_id: roomId,
      message_id: second.id,
      status: 'rejected',
    });
    await toModerator.waitFor('held.changed', (f) => f.pending_count === 0);

    expect(heldFrames(toModerator).map((f) => f.pending_count)).toEqual([1, 2, 1, 0]);
    expect(heldFrames(toModerator).every((f) => f.room_id === roomId && f.message_id === undefined)).toBe(true);
    // The author is no moderator: decisions only, no count.
    expect(heldFrames(toAuthor).map((f) => [f.message_id, f.status, f.pending_count])).toEqual([
      [first.id, 'approved', undefined],
      [second.id, 'rejected', undefined],
    ]);
    expect(heldFrames(toOther)).toEqual([]);
  });
});
