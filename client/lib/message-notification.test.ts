import { describe, expect, it } from 'vitest';
import {
  messageNotification,
  threadReplyNotification,
  type ActivityFrame,
  type NotificationContext,
  type ThreadActivityFrame,
} from './message-notification';

const frame = (overrides: Partial<ActivityFrame> = {}): ActivityFrame => ({
  type: 'room.activity',
  room_id: 'r1',
  message_id: 'm1',
  author_id: 'bob',
  mentions_you: false,
  kind: 'created',
  author_name: 'Bob',
  excerpt: 'hello there',
  ...overrides,
});
const context = (overrides: Partial<NotificationContext> = {}): NotificationContext => ({
  userId: 'ada',
  level: 'mentions',
  hidden: true,
  roomName: 'octo/hello',
  ...overrides,
});

describe('messageNotification', () => {
  it('notifies a mention (or reply) in a hidden tab, titled with room and author, the excerpt as body', () => {
    expect(messageNotification(frame({ mentions_you: true }), context())).toEqual({
      title: 'octo/hello · Bob',
      body: 'hello there',
      roomId: 'r1',
      messageId: 'm1',
    });
  });

  it('notifies mentions in muted rooms too, other messages only in rooms set to all messages', () => {
    expect(messageNotification(frame({ mentions_you: true }), context({ level: 'mute' }))).not.toBeNull();
    expect(messageNotification(frame(), context({ level: 'mentions' }))).toBeNull();
    expect(messageNotification(frame(), context({ level: 'mute' }))).toBeNull();
    expect(messageNotification(frame(), context({ level: undefined }))).toBeNull();
    expect(messageNotification(frame(), context({ level: 'all' }))?.body).toBe('hello there');
  });

  it('never while the tab is visible, for deletions or for my own messages', () => {
    expect(messageNotification(frame({ mentions_you: true }), context({ hidden: false }))).toBeNull();
    expect(messageNotification(frame({ kind: 'deleted' }), context({ level: 'all' }))).toBeNull();
    expect(messageNotification(frame({ author_id: 'ada' }), context({ level: 'all' }))).toBeNull();
  });

  it('never for someone the user ignores, even a mention in a room set to all messages', () => {
    const ignoring = context({ level: 'all', ignoredIds: new Set(['bob']) });
    expect(messageNotification(frame({ mentions_you: true }), ignoring)).toBeNull();
    expect(messageNotification(frame(), ignoring)).toBeNull();
    expect(messageNotification(frame({ author_id: 'carol' }), ignoring)).not.toBeNull();
  });

  it('names the site and "Someone" when the room or author is not known', () => {
    const shown = messageNotification(
      frame({ author_name: undefined }),
      context({ level: 'all', roomName: undefined }),
    );
    expect(shown?.title).toBe('RepoRooms · Someone');
  });
});

describe('threadReplyNotification', () => {
  const reply = (overrides: Partial<ThreadActivityFrame> = {}): ThreadActivityFrame => ({
    type: 'thread.activity',
    room_id: 'r1',
    root_id: 'root',
    message_id: 'reply1',
    author_id: 'bob',
    mentions_you: false,
    author_name: 'Bob',
    excerpt: 'try the flag',
    ...overrides,
  });

  it('"All messages" notifies of every reply in a followed thread, opening the reply', () => {
    expect(threadReplyNotification(reply(), context({ level: 'all' }))).toEqual({
      title: 'octo/hello · Bob in a thread',
      body: 'try the flag',
      roomId: 'r1',
      messageId: 'reply1',
    });
  });

  it('"Mentions only" (also the default) notifies only of replies that mention me', () => {
    expect(threadReplyNotification(reply(), context({ level: 'mentions' }))).toBeNull();
    expect(threadReplyNotification(reply(), context({ level: undefined }))).toBeNull();
    expect(threadReplyNotification(reply({ mentions_you: true }), context({ level: 'mentions' }))).not.toBeNull();
    expect(threadReplyNotification(reply({ mentions_you: true }), context({ level: undefined }))).not.toBeNull();
  });

  it('"Mute" notifies of nothing, not even a mention', () => {
    expect(threadReplyNotification(reply({ mentions_you: true }), context({ level: 'mute' }))).toBeNull();
    expect(threadReplyNotification(reply(), context({ level: 'mute' }))).toBeNull();
  });

  it('never while the tab is visible, for my own replies or for someone I ignore', () => {
    expect(threadReplyNotification(reply(), context({ level: 'all', hidden: false }))).toBeNull();
    expect(threadReplyNotification(reply({ author_id: 'ada' }), context({ level: 'all' }))).toBeNull();
    expect(threadReplyNotification(reply(), context({ level: 'all', ignoredIds: new Set(['bob']) }))).toBeNull();
  });
});
