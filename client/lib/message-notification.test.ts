import { describe, expect, it } from 'vitest';
import { messageNotification, type ActivityFrame, type NotificationContext } from './message-notification';

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
