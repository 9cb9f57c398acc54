import { describe, expect, it } from 'vitest';
import type { MemberDto, MessageDto } from '../../../../shared/api/rooms';
import type { RoomEvent } from '../../../../shared/realtime/protocol';
import { chatMessage } from '../components/message-list.fixtures';
import { initialRoomView, roomReducer, type RoomAction, type RoomView } from './room-store';
import { roomSnapshot } from './room-state.fixtures';

const ada = { id: 'u1', username: 'ada-demo', display_name: 'Ada', avatar_url: null };
const grace = { id: 'u2', username: 'grace-demo', display_name: 'Grace', avatar_url: null };
const ken = { id: 'u3', username: 'ken-demo', display_name: 'Ken', avatar_url: null };
const member = (user: typeof ada, extra: Partial<MemberDto> = {}): MemberDto => ({
  user,
  joined_at: '2026-01-01T00:00:00.000Z',
  moderator: false,
  muted_until: null,
  ...extra,
});
const AT = '2026-01-01T12:00:00.000Z';

function serverMessage(id: string, author: typeof ada): MessageDto {
  const { status: _status, ...message } = chatMessage(id, author, { room_id: 'r1' });
  return message;
}

/** A room read at sequence 10: Ada (moderator, the reader) and Grace, two messages, one pin. */
function opened(): RoomView {
  const m1 = serverMessage('m1', ada);
  return roomReducer(initialRoomView, {
    type: 'snapshot',
    selfId: 'u1',
    snapshot: roomSnapshot({
      lastSeq: 10,
      members: [member(grace), member(ada, { moderator: true })],
      messages: [m1, serverMessage('m2', grace)],
      pins: [{ message: m1, pinned_at: AT }],
      bans: [],
    }),
  });
}

function apply(state: RoomView, ...events: RoomEvent[]): RoomView {
  return events.reduce<RoomView>(
    (view, event) => roomReducer(view, { type: 'event', seq: view.lastSeq + 1, event, at: AT }),
    state,
  );
}

describe('the room store', () => {
  it('keeps thread-only replies out of the room, shows "Also send to room" ones, and follows thread summaries', () => {
    let state = opened();
    const threadOnly = { ...serverMessage('t1', grace), thread_root_id: 'm1', also_in_room: false };
    const alsoInRoom = { ...serverMessage('t2', grace), thread_root_id: 'm1', also_in_room: true };
    const thread = { reply_count: 2, last_reply_at: AT, repliers: [grace], answer: null };
    state = apply(
      state,
      { type: 'message.created', message: threadOnly },
      { type: 'message.created', message: alsoInRoom },
      { type: 'thread.updated', root_id: 'm1', thread },
    );
    expect(state.messages.messages.map((m) => m.id)).toEqual(['m1', 'm2', 't2']);
    expect(state.messages.messages[0]?.thread).toEqual(thread);
    // The pinned root follows too.
    expect(state.pins[0]?.message.thread).toEqual(thread);
    const answer = { message_id: 't1', author: grace, excerpt: 'hi', deleted: false };
    state = apply(state, { type: 'thread.updated', root_id: 'm1', thread: { ...thread, answer } });
    expect(state.messages.messages[0]?.thread?.answer).toEqual(answer);
    // No reply left: the root shows no thread.
    state = apply(state, { type: 'thread.updated', root_id: 'm1', thread: null });
    expect(state.messages.messages[0]?.thread).toBeUndefined();
    expect(state.lastSeq).toBe(15);
  });

  it('applies every kind of room event to what it changes', () => {
    let state = opened();
    const m3 = serverMessage('m3', grace);
    state = apply(state, { type: 'message.created', message: m3 });
    expect(state.messages.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);

    state = apply(state, { type: 'message.updated', message: { ...serverMessage('m1', ada), content: 'edited' } });
    expect(state.messages.messages[0]?.content).toBe('edited');
    expect(state.pins[0]?.message.content).toBe('edited');

    const reference = { repo: 'octo/hello', number: 1, kind: 'issue' as const, title: 'Bug', state: 'open' as const };
    state = apply(state, { type: 'message.references', message_id: 'm1', references: [reference] });
    expect(state.messages.messages[0]?.references).toEqual([reference]);
    expect(state.pins[0]?.message.references).toEqual([reference]);

    const reaction = { id: 'x1', message_id: 'm2', user_id: 'u1', emoji: '👍' };
    state = apply(state, { type: 'reaction.added', reaction });
    expect(state.messages.messages[1]?.reactions).toEqual([reaction]);
    state = apply(state, { type: 'reaction.removed', reaction });
    expect(state.messages.messages[1]?.reactions).toEqual([]);

    state = apply(state, { type: 'message.pinned', message_id: 'm2', pinned_at: AT });
    expect(state.pins.map((pin) => pin.message.id)).toEqual(['m2', 'm1']);
    state = apply(state, { type: 'message.unpinned', message_id: 'm2' });
    expect(state.pins.map((pin) => pin.message.id)).toEqual(['m1']);
    // A pin of a message the window does not hold: the list must be read again.
    state = apply(state, { type: 'message.pinned', message_id: 'elsewhere', pinned_at: AT });
    expect(state.pinsStale).toBe(true);
    state = roomReducer(state, { type: 'pins', pins: [] });
    expect(state.pinsStale).toBe(false);
    state = roomReducer(state, { type: 'pins', pins: [{ message: serverMessage('m1', ada), pinned_at: AT }] });

    state = apply(state, { type: 'message.deleted', message_id: 'm1', by_moderator: true });
    expect(state.messages.messages[0]).toMatchObject({ deleted: true, content: '', removed_by_moderator: true });
    expect(state.pins).toEqual([]);

    state = apply(state, { type: 'member.joined', member: member(ken) });
    expect(state.members.map((m) => m.user.id)).toEqual(['u3', 'u2', 'u1']);
    state = apply(state, { type: 'member.role_changed', user_id: 'u3', moderator: true });
    expect(state.members[0]?.moderator).toBe(true);
    state = apply(state, { type: 'member.muted', user_id: 'u3', muted_until: AT });
    expect(state.members[0]?.muted_until).toBe(AT);
    state = apply(state, { type: 'member.left', user_id: 'u3' });
    expect(state.members.map((m) => m.user.id)).toEqual(['u2', 'u1']);

    state = apply(state, { type: 'member.banned', user_id: 'u2' });
    expect(state.members.map((m) => m.user.id)).toEqual(['u1']);
    expect(state.bans).toEqual([{ user: grace, banned_at: AT }]);
    expect(state.bannedSelf).toBe(false);
    state = apply(state, { type: 'member.unbanned', user_id: 'u2' });
    expect(state.bans).toEqual([]);

    state = apply(state, { type: 'room.slow_mode_changed', slow_mode_seconds: 30 });
    expect(state.room?.slow_mode_seconds).toBe(30);
    state = apply(state, { type: 'room.topic_changed', topic: 'Be kind' });
    expect(state.room?.topic).toBe('Be kind');
    expect(state.lastSeq).toBe(27);

    // The reader's own ban closes the room.
    expect(apply(state, { type: 'member.banned', user_id: 'u1' }).bannedSelf).toBe(true);
  });

  it('keeps a join that arrives while the room is loading, and applies nothing twice', () => {
    const joined: RoomAction = {
      type: 'event',
      seq: 11,
      event: { type: 'member.joined', member: member(ken) },
      at: AT,
    };
    // Already in the snapshot (sequence 10 and before): dropped.
    const stale: RoomAction = { type: 'event', seq: 9, event: { type: 'member.left', user_id: 'u2' }, at: AT };
    let state = roomReducer(roomReducer(initialRoomView, joined), stale);
    expect(state.members).toEqual([]);
    state = roomReducer(state, {
      type: 'snapshot',
      selfId: 'u1',
      snapshot: roomSnapshot({ lastSeq: 10, members: [member(grace), member(ada)] }),
    });
    expect(state.members.map((m) => m.user.id)).toEqual(['u3', 'u2', 'u1']);
    expect(state.lastSeq).toBe(11);
    // The same event again, or one at or before the snapshot, changes nothing.
    expect(roomReducer(state, joined)).toBe(state);
    expect(roomReducer(state, { ...stale, seq: 10 })).toBe(state);
  });

  it('builds everything again from a new snapshot, with the events after it applied on top', () => {
    let state = apply(opened(), { type: 'room.topic_changed', topic: 'Old topic' });
    state = roomReducer(state, {
      type: 'event',
      seq: 20,
      event: { type: 'member.joined', member: member(ken) },
      at: AT,
    });
    state = roomReducer(state, {
      type: 'snapshot',
      selfId: 'u1',
      snapshot: roomSnapshot({ lastSeq: 15, members: [member(ada)], pins: [], bans: [] }),
    });
    // Up to 15 as the snapshot says; the join at 20 is kept.
    expect(state.room?.topic).toBe('');
    expect(state.pins).toEqual([]);
    expect(state.members.map((m) => m.user.id)).toEqual(['u3', 'u1']);
    expect(state.lastSeq).toBe(20);
  });

  it('follows presence and typing, and drops a typing flag when that person sends', () => {
    let state = roomReducer(opened(), { type: 'presence', onlineIds: ['u1', 'u2'] });
    expect([...state.onlineIds]).toEqual(['u1', 'u2']);
    state = roomReducer(state, { type: 'typing', userId: 'u2', ageMs: 0, now: 1000 });
    expect([...state.typing.keys()]).toEqual(['u2']);
    // The reader's own signal is not shown.
    expect(roomReducer(state, { type: 'typing', userId: 'u1', ageMs: 0, now: 1000 })).toBe(state);
    const sent = apply(state, { type: 'message.created', message: serverMessage('m9', grace) });
    expect(sent.typing.size).toBe(0);
    expect(roomReducer(state, { type: 'typing-expired', now: 60_000 }).typing.size).toBe(0);
  });
});
