import { describe, expect, it } from 'vitest';
import type { MessageDto } from '../../../../shared/api/rooms';
import type { ThreadResponse } from '../../../../shared/api/threads';
import type { RoomEvent } from '../../../../shared/realtime/protocol';
import { initialThreadView, threadReducer, type ThreadAction, type ThreadView } from './thread-state';

const author = { id: 'u1', username: 'ada', display_name: null, avatar_url: null };
const message = (id: string, minute: number, overrides: Partial<MessageDto> = {}): MessageDto => ({
  id,
  room_id: 'r1',
  user_id: 'u1',
  client_id: `c-${id}`,
  content: `text of ${id}`,
  created_at: `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`,
  edited_at: null,
  deleted: false,
  author,
  reactions: [],
  ...overrides,
});
const root = message('root', 0, {
  thread: { reply_count: 2, last_reply_at: '2026-01-01T00:02:00.000Z', repliers: [], answer: null },
});
const reply = (id: string, minute: number) => message(id, minute, { thread_root_id: 'root' });
const page = (replies: MessageDto[], overrides: Partial<ThreadResponse> = {}): ThreadResponse => ({
  root,
  replies,
  older_cursor: null,
  newer_cursor: null,
  following: true,
  can_mark_answer: false,
  ...overrides,
});
const run = (...actions: ThreadAction[]): ThreadView => actions.reduce(threadReducer, initialThreadView);
const ids = (view: ThreadView) => view.replies.messages.map((m) => m.id);
const created = (m: MessageDto): RoomEvent => ({ type: 'message.created', message: m });

describe('threadReducer', () => {
  it('shows a page of replies and adds older pages before it', () => {
    const view = run(
      { type: 'loading' },
      { type: 'loaded', response: page([reply('c', 3), reply('d', 4)], { older_cursor: 'older' }) },
    );
    expect(view.status).toBe('ready');
    expect(ids(view)).toEqual(['c', 'd']);
    expect(view.replies.nextCursor).toBe('older');
    const more = threadReducer(view, { type: 'older', response: page([reply('a', 1), reply('b', 2)]) });
    expect(ids(more)).toEqual(['a', 'b', 'c', 'd']);
    expect(more.replies.nextCursor).toBeNull();
  });

  it('adds new replies of this thread only, and only at the newest end', () => {
    const view = run({ type: 'loading' }, { type: 'loaded', response: page([reply('a', 1)]) });
    const other = message('x', 2, { thread_root_id: 'another-root' });
    const next = [created(reply('b', 2)), created(other), created(message('room-message', 3))].reduce(
      (state, event) => threadReducer(state, { type: 'event', event }),
      view,
    );
    expect(ids(next)).toEqual(['a', 'b']);
    // A window opened around a linked reply, away from the newest: new replies are counted, not shown.
    const around = run(
      { type: 'loading' },
      { type: 'loaded', response: page([reply('a', 1)], { newer_cursor: 'newer' }) },
      { type: 'event', event: created(reply('z', 9)) },
    );
    expect(ids(around)).toEqual(['a']);
    expect(around.replies.missedNewer).toBe(1);
  });

  it('applies events received while the page was read, once it arrives', () => {
    const view = run(
      { type: 'loading' },
      { type: 'event', event: created(reply('b', 2)) },
      { type: 'loaded', response: page([reply('a', 1)]) },
    );
    expect(ids(view)).toEqual(['a', 'b']);
    expect(view.pending).toBeNull();
  });

  it('edits, deletes and reacts on the root and the replies; the summary follows thread.updated', () => {
    let view = run({ type: 'loading' }, { type: 'loaded', response: page([reply('a', 1)]) });
    view = threadReducer(view, {
      type: 'event',
      event: { type: 'message.updated', message: { ...root, content: 'edited root', thread: undefined } },
    });
    expect(view.root?.content).toBe('edited root');
    expect(view.root?.thread?.reply_count).toBe(2);
    view = threadReducer(view, { type: 'event', event: { type: 'message.deleted', message_id: 'a' } });
    expect(view.replies.messages[0]?.deleted).toBe(true);
    view = threadReducer(view, {
      type: 'event',
      event: {
        type: 'thread.updated',
        root_id: 'root',
        thread: {
          reply_count: 3,
          last_reply_at: '2026-01-01T00:05:00.000Z',
          repliers: [],
          answer: null,
        },
      },
    });
    expect(view.root?.thread?.reply_count).toBe(3);
    view = threadReducer(view, { type: 'event', event: { type: 'message.deleted', message_id: 'root' } });
    expect(view.root?.deleted).toBe(true);
    // Its thread stays with a deleted root.
    expect(view.root?.thread?.reply_count).toBe(3);
  });

  it('takes the answer to its own send once, whether the event came first or not', () => {
    const view = run({ type: 'loading' }, { type: 'loaded', response: page([reply('a', 1)]) });
    const mine = reply('b', 2);
    const eventFirst = threadReducer(threadReducer(view, { type: 'event', event: created(mine) }), {
      type: 'sent',
      message: mine,
    });
    const answerFirst = threadReducer(threadReducer(view, { type: 'sent', message: mine }), {
      type: 'event',
      event: created(mine),
    });
    expect(ids(eventFirst)).toEqual(['a', 'b']);
    expect(ids(answerFirst)).toEqual(['a', 'b']);
  });
});
