import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerFrame } from '../../shared/realtime/protocol';
import { describeEachDatabase } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { openTestSocket, type TestSocket } from '../testing/ws-test-client';
import { createMember, messageOf, roomWith, type TestMember } from '../testing/room-test-kit';

/**
 * Ignoring someone is private: nothing a user receives may depend on someone else's ignore list.
 * Ada mentions Grace and Ken; Grace ignores Ada. The activity frames Ada (the author, on another
 * device), Ken (mentioned too) and Bob (neither) receive must be the same whether Grace ignores Ada
 * or not, and none names anyone but the author: each says only whether it mentions its reader.
 */
const ORIGIN = 'http://localhost:3000';
type ActivityFrame = Extract<ServerFrame, { type: 'room.activity' }>;

describeEachDatabase('ignoring someone is not visible to anyone else', (engine) => {
  let app: TestApp;
  let wsUrl: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    app = await createTestApp({ engine, github: 'emulator' });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    wsUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.destroy();
  });

  /** A socket of the member on a page without the room open: it hears of the room as activity. */
  async function sidebarOf(member: TestMember) {
    const socket = await openTestSocket(wsUrl, { cookie: member.cookie, origin: ORIGIN });
    sockets.push(socket);
    return socket;
  }

  /** Sends until every socket has received activity of one of the messages sent (at most 20). */
  async function untilEveryoneHears(tabs: TestSocket[], send: () => ReturnType<TestMember['send']>) {
    const heard = new Set<TestSocket>();
    for (let attempt = 0; attempt < 20 && heard.size < tabs.length; attempt += 1) {
      const { id } = messageOf(await send());
      await Promise.all(
        tabs.map((tab) =>
          tab
            .waitFor('room.activity', (f) => f.message_id === id, 500)
            .then(
              () => heard.add(tab),
              () => undefined,
            ),
        ),
      );
    }
    expect(heard.size, 'sockets that heard a message').toBe(tabs.length);
  }

  /**
   * One round: a room of Ada, Grace, Ken and Bob, Grace ignoring Ada or not, Ada's message that
   * mentions Grace and Ken. Answers what each socket received about that message, with the
   * round's ids written as names so that two rounds compare.
   */
  async function round(graceIgnoresAda: boolean) {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const ken = await createMember(app);
    const bob = await createMember(app);
    const roomId = await roomWith(ada, grace, ken, bob);
    if (graceIgnoresAda) {
      const ignored = await grace.api.put(`/api/me/ignored/${ada.id}`, {}, { cookie: grace.cookie });
      expect(ignored.statusCode).toBe(204);
    }
    const readers = { ada, grace, ken, bob };
    for (const [name, member] of Object.entries(readers)) {
      await app.ctx.database.db
        .updateTable('profiles')
        .set({ display_name: name })
        .where('id', '=', member.id)
        .execute();
    }
    const tabs = Object.fromEntries(
      await Promise.all(Object.entries(readers).map(async ([name, member]) => [name, await sidebarOf(member)])),
    ) as Record<keyof typeof readers, TestSocket>;
    // A socket's rooms are read just after it opens: Bob says good morning until every socket
    // has heard of one of his messages, so each knows the room before Ada's message.
    await untilEveryoneHears(Object.values(tabs), () => bob.send(roomId, 'good morning', randomUUID()));

    const content = `news for @${grace.username} and @${ken.username}`;
    const message = messageOf(await ada.send(roomId, content, randomUUID()));
    const names: Array<[string, string]> = [
      [message.id, 'MESSAGE'],
      [roomId, 'ROOM'],
      ...Object.entries(readers).flatMap(([name, member]): Array<[string, string]> => [
        [member.id, name.toUpperCase()],
        [member.username, name],
      ]),
    ];
    const named = (frame: ActivityFrame) =>
      names.reduce((text, [id, name]) => text.split(id).join(name), JSON.stringify(frame));
    const received: Record<string, string> = {};
    for (const [name, tab] of Object.entries(tabs)) {
      received[name] = named(await tab.waitFor('room.activity', (f) => f.message_id === message.id));
    }
    return received;
  }

  it('the activity frames of a mention do not show who ignores the author, to the author or anyone', async () => {
    const ignoring = await round(true);
    const notIgnoring = await round(false);
    // The author and the others receive exactly the same whatever Grace's list says.
    for (const reader of ['ada', 'ken', 'bob']) expect(ignoring[reader], reader).toBe(notIgnoring[reader]);
    // Nobody's frame names another reader: only the author, and whether it is about its reader.
    for (const round of [ignoring, notIgnoring]) {
      for (const [reader, frame] of Object.entries(round)) {
        for (const other of ['GRACE', 'KEN', 'BOB']) {
          if (other !== reader.toUpperCase()) expect(frame, `${reader}'s frame`).not.toContain(`"${other}"`);
        }
      }
    }
    // Ken and Grace are told of their own mention (Grace only when she does not ignore Ada).
    expect(JSON.parse(notIgnoring.ken ?? '')).toMatchObject({ mentions_you: true, author_id: 'ADA' });
    expect(JSON.parse(notIgnoring.grace ?? '')).toMatchObject({ mentions_you: true });
    expect(JSON.parse(ignoring.grace ?? '')).toMatchObject({ mentions_you: false });
    expect(JSON.parse(ignoring.bob ?? '')).toMatchObject({ mentions_you: false });
    expect(JSON.parse(ignoring.ada ?? '')).toMatchObject({ mentions_you: false });
  });
});
