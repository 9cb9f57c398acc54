import { describe, expect, it } from 'vitest';
import type { MessageDto, ReactionDto } from '../../../../shared/api/rooms';
import { initialMessagesState, messagesReducer, type MessagesAction, type MessagesState } from './messages-state';

const author = { id: 'u1', username: 'ada-demo', display_name: 'Ada', avatar_url: null };

function message(id: string, overrides: Partial<MessageDto> = {}): MessageDto {
  return {
    id,
    room_id: 'r1',
    user_id: 'u1',
    client_id: `c-${id}`,
    content: `text ${id}`,
    created_at: `2026-01-01T00:00:0${id.slice(-1)}.000Z`,
    edited_at: null,
    deleted: false,
    author,
    reactions: [],
    ...overrides,
  };
}

function optimistic(clientId: string, content = 'hello'): MessageDto {
  return message(`local:${clientId}`, { client_id: clientId, content, created_at: '2026-01-01T00:01:00.000Z' });
}

function run(...actions: MessagesAction[]): MessagesState {
  return actions.reduce(messagesReducer, initialMessagesState);
}

const ids = (state: MessagesState) => state.messages.map((m) => `${m.id}:${m.status}`);

describe('messagesReducer', () => {
  it('loads a page in time order and prepends older pages without duplicates', () => {
    const state = run(
      { type: 'loaded', messages: [message('m3'), message('m4')], nextCursor: 'c1' },
      { type: 'older', messages: [message('m1'), message('m2'), message('m3')], nextCursor: null },
    );
    expect(ids(state)).toEqual(['m1:sent', 'm2:sent', 'm3:sent', 'm4:sent']);
    expect(state.nextCursor).toBeNull();
    expect(state.loaded).toBe(true);
  });

  it('replaces the optimistic copy with the send answer, then absorbs the event', () => {
    const server = message('m5', { client_id: 'cid', content: 'hello' });
    const state = run(
      { type: 'loaded', messages: [message('m1')], nextCursor: null },
      { type: 'optimistic', message: optimistic('cid') },
      { type: 'confirmed', message: server },
      { type: 'event', event: { type: 'message.created', message: server } },
    );
    expect(ids(state)).toEqual(['m1:sent', 'm5:sent']);
  });

  it('replaces the optimistic copy with the event when it wins the race, and ignores the late answer', () => {
    const server = message('m5', { client_id: 'cid', content: 'hello' });
    const edited = { ...server, content: 'edited', edited_at: '2026-01-01T00:02:00.000Z' };
    const before = run(
      { type: 'optimistic', message: optimistic('cid') },
      { type: 'event', event: { type: 'message.created', message: server } },
    );
    expect(ids(before)).toEqual(['m5:sent']);
    const after = [
      { type: 'event', event: { type: 'message.updated', message: edited } },
      { type: 'confirmed', message: server },
    ].reduce((s, a) => messagesReducer(s, a as MessagesAction), before);
    expect(ids(after)).toEqual(['m5:sent']);
    expect(after.messages[0]?.content).toBe('edited');
  });

  it('applies resolved references to a message, keeps them when the created event comes late, and not on a tombstone', () => {
    const ref = { repo: 'o/r', number: 1, kind: 'issue' as const, title: 'Bug', state: 'open' as const };
    const server = message('m5', { client_id: 'cid', content: '#1' });
    const state = run(
      { type: 'optimistic', message: optimistic('cid', '#1') },
      { type: 'confirmed', message: server },
      { type: 'event', event: { type: 'message.references', message_id: 'm5', references: [ref] } },
      { type: 'event', event: { type: 'message.created', message: server } },
    );
    expect(state.messages[0]?.references).toEqual([ref]);
    const closed = messagesReducer(state, {
      type: 'event',
      event: { type: 'message.references', message_id: 'm5', references: [{ ...ref, state: 'closed' }] },
    });
    expect(closed.messages[0]?.references?.[0]?.state).toBe('closed');
    const cleared = messagesReducer(closed, {
      type: 'event',
      event: { type: 'message.references', message_id: 'm5', references: [] },
    });
    expect(cleared.messages[0]?.references).toBeUndefined();
    const deleted = [
      { type: 'event', event: { type: 'message.deleted', message_id: 'm5' } },
      { type: 'event', event: { type: 'message.references', message_id: 'm5', references: [ref] } },
    ].reduce((s, a) => messagesReducer(s, a as MessagesAction), closed);
    expect(deleted.messages[0]?.references).toBeUndefined();
  });

  it('does not take another user’s message with the same client id for ours', () => {
    const theirs = message('m7', { client_id: 'cid', user_id: 'u2', author: { ...author, id: 'u2' } });
    const state = run(
      { type: 'optimistic', message: optimistic('cid') },
      { type: 'event', event: { type: 'message.created', message: theirs } },
    );
    expect(ids(state)).toEqual(['m7:sent', 'local:cid:pending']);
  });

  it('marks a failed send and keeps it; a retry sets it pending again', () => {
    const failed = run(
      { type: 'optimistic', message: optimistic('cid') },
      { type: 'failed', clientId: 'cid', error: 'Failed to send message' },
    );
    expect(failed.messages[0]).toMatchObject({ status: 'failed', error: 'Failed to send message' });
    const retrying = messagesReducer(failed, { type: 'sending', clientId: 'cid' });
    expect(ids(retrying)).toEqual(['local:cid:pending']);
  });

  it('does not mark a message failed when its event already confirmed it', () => {
    const server = message('m5', { client_id: 'cid' });
    const state = run(
      { type: 'optimistic', message: optimistic('cid') },
      { type: 'event', event: { type: 'message.created', message: server } },
      { type: 'failed', clientId: 'cid', error: 'timeout' },
    );
    expect(ids(state)).toEqual(['m5:sent']);
  });

  it('keeps unconfirmed messages across a reload and reconciles those the reload contains', () => {
    const state = run(
      { type: 'loaded', messages: [message('m1')], nextCursor: null },
      { type: 'optimistic', message: optimistic('a') },
      { type: 'optimistic', message: optimistic('b') },
      { type: 'loaded', messages: [message('m2'), message('m3', { client_id: 'a' })], nextCursor: null },
    );
    expect(ids(state)).toEqual(['m2:sent', 'm3:sent', 'local:b:pending']);
  });

  it('applies edits, turns a deleted message into a tombstone and never brings its text back', () => {
    const state = run(
      { type: 'loaded', messages: [message('m1'), message('m2')], nextCursor: 'x' },
      { type: 'event', event: { type: 'message.updated', message: message('m1', { content: 'new' }) } },
      { type: 'event', event: { type: 'message.deleted', message_id: 'm2' } },
      { type: 'confirmed', message: message('m2') },
      { type: 'older', messages: [message('m2')], nextCursor: null },
    );
    expect(ids(state)).toEqual(['m1:sent', 'm2:sent']);
    expect(state.messages[0]?.content).toBe('new');
    expect(state.messages[1]).toMatchObject({ id: 'm2', deleted: true, content: '', reactions: [] });
  });

  it('marks a message a moderator removed, live or from the removing moderator’s own answer', () => {
    const state = run(
      { type: 'loaded', messages: [message('m1'), message('m2'), message('m3')], nextCursor: null },
      { type: 'event', event: { type: 'message.deleted', message_id: 'm1', by_moderator: true } },
      { type: 'removed', messageId: 'm2', byModerator: true },
      { type: 'event', event: { type: 'message.deleted', message_id: 'm3' } },
    );
    expect(state.messages.map((m) => [m.deleted, m.removed_by_moderator ?? false, m.content])).toEqual([
      [true, true, ''],
      [true, true, ''],
      [true, false, ''],
    ]);
  });

  it('keeps a tombstone from the server in its place', () => {
    const state = run({
      type: 'loaded',
      messages: [message('m1'), message('m2', { deleted: true, content: '' }), message('m3')],
      nextCursor: null,
    });
    expect(ids(state)).toEqual(['m1:sent', 'm2:sent', 'm3:sent']);
    expect(state.messages[1]?.deleted).toBe(true);
  });

  it('adds and removes reactions from events exactly once', () => {
    const reaction: ReactionDto = { id: 'x1', message_id: 'm1', user_id: 'u2', emoji: '👍' };
    const added = run(
      { type: 'loaded', messages: [message('m1')], nextCursor: null },
      { type: 'event', event: { type: 'reaction.added', reaction } },
      { type: 'event', event: { type: 'reaction.added', reaction } },
    );
    expect(added.messages[0]?.reactions).toEqual([reaction]);
    const removed = messagesReducer(added, { type: 'event', event: { type: 'reaction.removed', reaction } });
    expect(removed.messages[0]?.reactions).toEqual([]);
  });

  it('ignores events for messages it does not hold', () => {
    const state = run({ type: 'loaded', messages: [message('m1')], nextCursor: null });
    const next = messagesReducer(state, {
      type: 'event',
      event: { type: 'reaction.added', reaction: { id: 'x', message_id: 'zz', user_id: 'u', emoji: '👀' } },
    });
    expect(next).toBe(state);
  });

  it('opened around a message: counts live messages beyond the window and appends newer pages', () => {
    const opened = run(
      { type: 'loaded', messages: [message('m2'), message('m3')], nextCursor: 'old', newerCursor: 'new' },
      { type: 'event', event: { type: 'message.created', message: message('m8') } },
      { type: 'event', event: { type: 'message.created', message: message('m9') } },
    );
    expect(ids(opened)).toEqual(['m2:sent', 'm3:sent']);
    expect(opened.missedNewer).toBe(2);
    const more = messagesReducer(opened, {
      type: 'newer',
      messages: [message('m4'), message('m5')],
      newerCursor: 'n2',
    });
    expect(ids(more)).toEqual(['m2:sent', 'm3:sent', 'm4:sent', 'm5:sent']);
    expect(more.missedNewer).toBe(2);
    const end = messagesReducer(more, {
      type: 'newer',
      messages: [message('m6'), message('m7'), message('m8'), message('m9')],
      newerCursor: null,
    });
    expect(end.newerCursor).toBeNull();
    expect(end.missedNewer).toBe(0);
    // At the newest message again, live messages are shown as they come.
    const live = messagesReducer(end, {
      type: 'event',
      event: { type: 'message.created', message: message('m10', { created_at: '2026-01-01T00:00:10.000Z' }) },
    });
    expect(live.messages.at(-1)?.id).toBe('m10');
  });

  it('records a failed first load, and a later load clears it', () => {
    const failed = run({ type: 'load-failed' });
    expect(failed).toMatchObject({ loaded: true, failed: true, messages: [] });
    const recovered = messagesReducer(failed, { type: 'loaded', messages: [message('m1')], nextCursor: null });
    expect(recovered.failed).toBe(false);
    expect(messagesReducer(recovered, { type: 'reset' })).toMatchObject({ loaded: false, messages: [] });
  });
});

describe('reply quotes', () => {
  const quote = { message_id: 'm1', user_id: 'u1', author, excerpt: 'text m1', deleted: false };
  it('follow their original: an edit changes the excerpt, a deletion or removal leaves no text', () => {
    const loaded = run({
      type: 'loaded',
      messages: [message('m1'), message('m2', { reply_to: quote })],
      nextCursor: null,
    });
    const edited = messagesReducer(loaded, {
      type: 'event',
      event: { type: 'message.updated', message: message('m1', { content: 'new words\nmore', edited_at: 'x' }) },
    });
    expect(edited.messages[1]?.reply_to).toEqual({ ...quote, excerpt: 'new words' });
    const deleted = messagesReducer(edited, { type: 'event', event: { type: 'message.deleted', message_id: 'm1' } });
    expect(deleted.messages[1]?.reply_to).toEqual({ ...quote, excerpt: '', deleted: true });
    const removedByModerator = messagesReducer(loaded, { type: 'removed', messageId: 'm1', byModerator: true });
    expect(removedByModerator.messages[1]?.reply_to?.deleted).toBe(true);
  });

  it('a deleted reply shows no quote', () => {
    const loaded = run({
      type: 'loaded',
      messages: [message('m1'), message('m2', { reply_to: quote })],
      nextCursor: null,
    });
    const deleted = messagesReducer(loaded, { type: 'event', event: { type: 'message.deleted', message_id: 'm2' } });
    expect(deleted.messages[1]?.reply_to).toBeUndefined();
  });
});
