import { afterAll, beforeAll, expect, it } from 'vitest';
import { MEMBERS_ONLY_MESSAGE } from '../../../../shared/api/archive';
import type { MessagesPageResponse } from '../../../../shared/api/rooms';
import type { QuestionsResponse, ThreadResponse } from '../../../../shared/api/threads';
import { describeEachDatabase } from '../../../testing/databases';
import { createMember, messageOf, roomWith, testClock, type TestMember } from '../../../testing/room-test-kit';
import { createTestApp, type TestApp } from '../../../testing/test-app';

/** The views everyone reads alike (a thread's newest page, "Questions") are served again only while right. */
describeEachDatabase('thread views and questions, remembered', (engine) => {
  let app: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  let sent = 0;
  const say = async (member: TestMember, roomId: string, content: string) => {
    clock.advance(1000);
    return messageOf(await member.send(roomId, content));
  };
  const replyIn = async (member: TestMember, roomId: string, rootId: string, content: string) => {
    sent += 1;
    clock.advance(1000);
    return messageOf(
      await member.api.post(
        `/api/rooms/${roomId}/messages`,
        { client_id: `view-${sent}`, content, thread_root_id: rootId },
        { cookie: member.cookie },
      ),
    );
  };
  const threadOf = async (member: TestMember, rootId: string) => {
    const response = await member.api.get(`/api/messages/${rootId}/thread`, { cookie: member.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ThreadResponse>();
  };
  const questions = (member: TestMember, roomId: string) =>
    member.api.get(`/api/rooms/${roomId}/questions?filter=all`, { cookie: member.cookie });
  const rename = async (member: TestMember, displayName: string) => {
    const renamed = await member.api.patch('/api/profile', { display_name: displayName }, { cookie: member.cookie });
    expect(renamed.statusCode, renamed.body).toBe(200);
  };

  it('shows a thread’s new replies, reactions, edits and names, however often it was opened before', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const roomId = await roomWith(ada, bob);
    const root = await say(ada, roomId, 'Which release fixed it?');
    const first = await replyIn(bob, roomId, root.id, 'The 2.1 one');
    await threadOf(ada, root.id);
    expect((await threadOf(bob, root.id)).replies.map((r) => r.id)).toEqual([first.id]);

    const second = await replyIn(ada, roomId, root.id, 'Thanks');
    expect((await threadOf(bob, root.id)).replies.map((r) => r.id)).toEqual([first.id, second.id]);

    await ada.api.post(`/api/messages/${first.id}/reactions`, { emoji: '👍' }, { cookie: ada.cookie });
    expect((await threadOf(bob, root.id)).replies[0]?.reactions).toMatchObject([{ emoji: '👍' }]);

    clock.advance(1000);
    const edited = await ada.api.patch(
      `/api/messages/${root.id}`,
      { content: 'Which release fixed the crash?' },
      { cookie: ada.cookie },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await threadOf(bob, root.id)).root.content).toBe('Which release fixed the crash?');

    // A rename changes nothing in the room's sequence: the people shown are checked too.
    await rename(bob, 'Bob Replier');
    expect((await threadOf(ada, root.id)).replies[0]?.author.display_name).toBe('Bob Replier');
    // The room's page shows the thread's repliers under the root with the new name as well.
    const page = (
      await ada.api.get(`/api/rooms/${roomId}/messages`, { cookie: ada.cookie })
    ).json<MessagesPageResponse>();
    await rename(bob, 'Bob Renamed Again');
    const again = (
      await ada.api.get(`/api/rooms/${roomId}/messages`, { cookie: ada.cookie })
    ).json<MessagesPageResponse>();
    expect(page.messages[0]?.thread?.repliers.map((r) => r.display_name)).toContain('Bob Replier');
    expect(again.messages[0]?.thread?.repliers.map((r) => r.display_name)).toContain('Bob Renamed Again');
  });

  it('keeps "Questions" right after replies and renames, and shows a members-only room’s questions to its members only', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const visitor = await createMember(app);
    const roomId = await roomWith(ada, bob);
    const root = await say(ada, roomId, 'Is there a plugin API?');
    await replyIn(bob, roomId, root.id, 'Not yet');
    const before = (await questions(bob, roomId)).json<QuestionsResponse>();
    expect(before.questions).toMatchObject([{ root_id: root.id, reply_count: 1 }]);

    const other = await say(bob, roomId, 'Does it run on Windows?');
    await replyIn(ada, roomId, other.id, 'Under WSL');
    const after = (await questions(bob, roomId)).json<QuestionsResponse>();
    expect(after.questions.map((q) => q.root_id)).toEqual([other.id, root.id]);
    expect(after.unanswered_count).toBe(2);

    await rename(ada, 'Ada Asker');
    const renamed = (await questions(bob, roomId)).json<QuestionsResponse>();
    expect(renamed.questions.find((q) => q.root_id === root.id)?.author.display_name).toBe('Ada Asker');

    // Anyone signed in reads a public room's questions; a members-only room's are its members'.
    expect((await questions(visitor, roomId)).statusCode).toBe(200);
    await app.ctx.database.db
      .updateTable('chat_rooms')
      .set({ archive_access: 'members' })
      .where('id', '=', roomId)
      .execute();
    const refused = await questions(visitor, roomId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: MEMBERS_ONLY_MESSAGE } });
    expect((await questions(bob, roomId)).statusCode).toBe(200);
  });
});
