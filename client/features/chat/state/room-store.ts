import type { RoomOpenedAt, RoomStateResponse } from '../../../../shared/api/room-state';
import type { BanDto, MemberDto, PinnedMessageDto, RoomDto } from '../../../../shared/api/rooms';
import type { RoomEvent } from '../../../../shared/realtime/protocol';
import type { RepoActivityDto } from '../../../../shared/api/repo-activity';
import { initialMessagesState, messagesReducer, type MessagesAction, type MessagesState } from './messages-state';
import { clearTyping, pruneTyping, receiveTyping, type TypingFlags } from './typing-state';

/**
 * Everything the room screen shows, in one state: built from the room's snapshot (read at one
 * sequence number), then changed by every room event after that number, in order. Events at or
 * before it are already in the snapshot and are ignored; events that arrive before the first
 * snapshot wait for it. A resync builds everything again from a new snapshot.
 */
export interface RoomView {
  /** 'loading' until the first snapshot is in; 'failed' when it could not be read. */
  status: 'loading' | 'ready' | 'failed';
  /** The signed-in user (their own ban closes the room). */
  selfId: string | null;
  /** The sequence of the snapshot, then of the last event applied. */
  lastSeq: number;
  room: RoomDto | null;
  /** Active members, newest join first. */
  members: MemberDto[];
  onlineIds: ReadonlySet<string>;
  typing: TypingFlags;
  /** Newest pin first. */
  pins: PinnedMessageDto[];
  /** A message was pinned that the window does not hold: the list must be read again. */
  pinsStale: boolean;
  /** The room's bans (moderators only; null for everyone else). */
  bans: BanDto[] | null;
  viewer: RoomStateResponse['viewer'] | null;
  openedAt: RoomOpenedAt;
  /** The linked message the snapshot was asked to open at (null: none). */
  openedAround: string | null;
  /** "New messages" goes above this message for the whole visit (from the first snapshot). */
  unreadFromId: string | null;
  /** The signed-in user was banned from the room while it was open. */
  bannedSelf: boolean;
  messages: MessagesState;
  /** An older or newer page is being read. */
  loading: { older: boolean; newer: boolean };
  /**
   * Events received before the first snapshot, and the last ones applied since: a snapshot read
   * again (a linked message, a resync) applies those newer than itself once more.
   */
  events: readonly SequencedEvent[];
  /** The repository's activity rows of the room, oldest first (repo-activity.ts). */
  activity: readonly RepoActivityDto[];
}

interface SequencedEvent {
  seq: number;
  event: RoomEvent;
  at: string;
}

/** How many applied events are kept to re-apply on top of a newer snapshot. */
const KEPT_EVENTS = 200;

export type RoomAction =
  /** `around`: the linked message the snapshot was read around, if any. */
  | { type: 'snapshot'; snapshot: RoomStateResponse; selfId: string | null; around?: string | null }
  /** The snapshot read again by a reader who is not a member: the window and the opening stay. */
  | { type: 'refresh'; snapshot: RoomStateResponse; selfId: string | null }
  | { type: 'snapshot-failed' }
  /** A room event of sequence `seq`, received at `at` (ISO: the time a ban is listed with). */
  | { type: 'event'; seq: number; event: RoomEvent; at: string }
  | { type: 'presence'; onlineIds: readonly string[] }
  | { type: 'typing'; userId: string; ageMs: number; now: number }
  | { type: 'typing-expired'; now: number }
  | { type: 'pins'; pins: PinnedMessageDto[] }
  | { type: 'bans'; bans: BanDto[] }
  | { type: 'loading'; side: 'older' | 'newer'; loading: boolean }
  /** Pages, sends, edits and the like on the messages (messages-state.ts). */
  | { type: 'messages'; action: MessagesAction }
  /** The room's newest activity rows as read over HTTP, merged with those received live. */
  | { type: 'activity'; activity: readonly RepoActivityDto[] }
  /** The room closed (another room opens): nothing of it is kept. */
  | { type: 'reset' };

export const initialRoomView: RoomView = {
  status: 'loading',
  selfId: null,
  lastSeq: 0,
  room: null,
  members: [],
  onlineIds: new Set(),
  typing: new Map(),
  pins: [],
  pinsStale: false,
  bans: null,
  viewer: null,
  openedAt: 'newest',
  openedAround: null,
  unreadFromId: null,
  bannedSelf: false,
  messages: initialMessagesState,
  loading: { older: false, newer: false },
  events: [],
  activity: [],
};

export function roomReducer(state: RoomView, action: RoomAction): RoomView {
  switch (action.type) {
    case 'snapshot':
      return fromSnapshot(state, action.snapshot, action.selfId, action.around ?? null);
    case 'refresh':
      return state.status === 'ready'
        ? refreshed(state, action.snapshot)
        : fromSnapshot(state, action.snapshot, action.selfId, null);
    case 'snapshot-failed':
      return state.status === 'ready'
        ? state
        : { ...state, status: 'failed', messages: messagesReducer(state.messages, { type: 'load-failed' }) };
    case 'event': {
      const received = { seq: action.seq, event: action.event, at: action.at };
      if (state.status !== 'ready') return { ...state, events: [...state.events, received] };
      if (action.seq <= state.lastSeq) return state;
      return {
        ...applyRoomEvent(state, action.event, action.at),
        lastSeq: action.seq,
        events: [...state.events.slice(-(KEPT_EVENTS - 1)), received],
      };
    }
    case 'presence':
      return { ...state, onlineIds: new Set(action.onlineIds) };
    case 'typing': {
      if (action.userId === state.selfId) return state;
      const typing = receiveTyping(state.typing, action.userId, action.ageMs, action.now);
      return typing === state.typing ? state : { ...state, typing };
    }
    case 'typing-expired': {
      const typing = pruneTyping(state.typing, action.now);
      return typing === state.typing ? state : { ...state, typing };
    }
    case 'pins':
      return { ...state, pins: action.pins, pinsStale: false };
    case 'bans':
      return { ...state, bans: action.bans };
    case 'loading':
      return { ...state, loading: { ...state.loading, [action.side]: action.loading } };
    case 'messages': {
      const messages = messagesReducer(state.messages, action.action);
      return messages === state.messages ? state : { ...state, messages };
    }
    case 'activity':
      return { ...state, activity: mergeActivity(state.activity, action.activity) };
    case 'reset':
      return initialRoomView;
  }
}

function fromSnapshot(
  state: RoomView,
  snapshot: RoomStateResponse,
  selfId: string | null,
  around: string | null,
): RoomView {
  const first = state.status !== 'ready';
  const page = snapshot.messages;
  const built: RoomView = {
    ...state,
    status: 'ready',
    selfId,
    lastSeq: snapshot.last_seq,
    room: snapshot.room,
    members: snapshot.members,
    onlineIds: new Set(snapshot.online_user_ids),
    pins: snapshot.pins,
    pinsStale: false,
    bans: snapshot.bans,
    viewer: snapshot.viewer,
    openedAt: page.opened_at,
    openedAround: around,
    unreadFromId: first ? (snapshot.viewer?.first_unread_message_id ?? null) : state.unreadFromId,
    messages: messagesReducer(state.messages, {
      type: 'loaded',
      messages: page.messages,
      nextCursor: page.next_cursor,
      newerCursor: page.newer_cursor,
    }),
    events: [],
  };
  // What arrived while the snapshot was read: newer events apply, the rest is in it already.
  return state.events.reduce((view, { seq, event, at }) => roomReducer(view, { type: 'event', seq, event, at }), built);
}

/**
 * A reader who is not a member has no events: they read the snapshot again every few seconds.
 * It brings the room as it is now, but the messages merge into the window they are reading (older
 * pages stay, new messages come below) and the room keeps the opening it had (a linked message
 * stays where it is), so nothing moves under the reader.
 */
function refreshed(state: RoomView, snapshot: RoomStateResponse): RoomView {
  return {
    ...state,
    lastSeq: snapshot.last_seq,
    room: snapshot.room,
    members: snapshot.members,
    onlineIds: new Set(snapshot.online_user_ids),
    pins: snapshot.pins,
    pinsStale: false,
    bans: snapshot.bans,
    viewer: snapshot.viewer,
    messages: messagesReducer(state.messages, {
      type: 'refreshed',
      messages: snapshot.messages.messages,
      nextCursor: snapshot.messages.next_cursor,
    }),
    events: [],
  };
}

/**
 * One room event applied to everything it changes. Every event type has its case: the `default`
 * only type-checks while no type is left, so a new event type does not compile until it is handled.
 */
export function applyRoomEvent(state: RoomView, event: RoomEvent, at: string): RoomView {
  switch (event.type) {
    case 'message.created':
      // A thread reply not sent to the room too shows in its thread only (the thread panel).
      if (event.message.thread_root_id !== undefined && event.message.also_in_room !== true) {
        return { ...state, typing: clearTyping(state.typing, event.message.user_id) };
      }
      return {
        ...withMessages(state, event),
        typing: clearTyping(state.typing, event.message.user_id),
      };
    case 'message.updated':
      return mapPinned(withMessages(state, event), event.message.id, () => event.message);
    case 'message.references':
      return mapPinned(withMessages(state, event), event.message_id, (message) => ({
        ...message,
        references: event.references.length > 0 ? event.references : undefined,
      }));
    case 'message.deleted': {
      const next = withMessages(state, event);
      return { ...next, pins: next.pins.filter((pin) => pin.message.id !== event.message_id) };
    }
    case 'reaction.added':
    case 'reaction.removed':
      return withMessages(state, event);
    case 'message.pinned': {
      if (state.pins.some((pin) => pin.message.id === event.message_id)) return state;
      const shown = state.messages.messages.find((m) => m.id === event.message_id && m.status === 'sent');
      if (!shown) return { ...state, pinsStale: true };
      const { status: _status, error: _error, failure: _failure, retryAt: _retryAt, ...message } = shown;
      return { ...state, pins: [{ message, pinned_at: event.pinned_at }, ...state.pins] };
    }
    case 'message.unpinned':
      return { ...state, pins: state.pins.filter((pin) => pin.message.id !== event.message_id) };
    case 'member.joined':
      return {
        ...state,
        members: [event.member, ...state.members.filter((m) => m.user.id !== event.member.user.id)],
      };
    case 'member.left':
      return { ...state, members: state.members.filter((m) => m.user.id !== event.user_id) };
    case 'member.role_changed':
      return mapMember(state, event.user_id, (m) => ({ ...m, moderator: event.moderator }));
    case 'member.muted':
      return mapMember(state, event.user_id, (m) => ({ ...m, muted_until: event.muted_until }));
    case 'member.banned': {
      const banned = state.members.find((m) => m.user.id === event.user_id);
      const bans =
        state.bans && banned && !state.bans.some((ban) => ban.user.id === event.user_id)
          ? [{ user: banned.user, banned_at: at }, ...state.bans]
          : state.bans;
      return {
        ...state,
        members: state.members.filter((m) => m.user.id !== event.user_id),
        bans,
        bannedSelf: state.bannedSelf || event.user_id === state.selfId,
      };
    }
    case 'member.unbanned':
      return state.bans ? { ...state, bans: state.bans.filter((ban) => ban.user.id !== event.user_id) } : state;
    case 'room.lock_changed':
      return state.room ? { ...state, room: { ...state.room, locked: event.locked } } : state;
    case 'room.slow_mode_changed':
      return state.room ? { ...state, room: { ...state.room, slow_mode_seconds: event.slow_mode_seconds } } : state;
    case 'room.topic_changed':
      return state.room ? { ...state, room: { ...state.room, topic: event.topic } } : state;
    case 'room.activity_changed':
      return state.room ? { ...state, room: { ...state.room, activity: event.kinds } } : state;
    case 'repo.activity':
      return { ...state, activity: mergeActivity(state.activity, [event.activity]) };
    case 'thread.updated': {
      const thread = event.thread ?? undefined;
      const withThread = <M extends { id: string; thread?: unknown }>(m: M): M => {
        if (m.id !== event.root_id) return m;
        const { thread: _old, ...rest } = m;
        return (thread ? { ...rest, thread } : rest) as M;
      };
      if (!state.messages.messages.some((m) => m.id === event.root_id))
        return mapPinned(state, event.root_id, withThread);
      return mapPinned(
        { ...state, messages: { ...state.messages, messages: state.messages.messages.map(withThread) } },
        event.root_id,
        withThread,
      );
    }
    default:
      return unhandledEvent(event satisfies never, state);
  }
}

/**
 * Reached by no event type: `event` is `never` once every type has its case above. A type added
 * to the protocol without a case makes the call above fail to type-check.
 */
export function unhandledEvent(_event: never, state: RoomView): RoomView {
  return state;
}

function mergeActivity(
  shown: readonly RepoActivityDto[],
  added: readonly RepoActivityDto[],
): readonly RepoActivityDto[] {
  const known = new Set(shown.map((row) => row.id));
  const fresh = added.filter((row) => !known.has(row.id));
  if (fresh.length === 0) return shown;
  return [...shown, ...fresh].sort((a, b) => a.at.localeCompare(b.at));
}

function withMessages(state: RoomView, event: RoomEvent): RoomView {
  const messages = messagesReducer(state.messages, { type: 'event', event });
  return messages === state.messages ? state : { ...state, messages };
}

function mapMember(state: RoomView, userId: string, change: (member: MemberDto) => MemberDto): RoomView {
  if (!state.members.some((m) => m.user.id === userId)) return state;
  return { ...state, members: state.members.map((m) => (m.user.id === userId ? change(m) : m)) };
}

function mapPinned(
  state: RoomView,
  messageId: string,
  change: (message: PinnedMessageDto['message']) => PinnedMessageDto['message'],
): RoomView {
  if (!state.pins.some((pin) => pin.message.id === messageId)) return state;
  return {
    ...state,
    pins: state.pins.map((pin) => (pin.message.id === messageId ? { ...pin, message: change(pin.message) } : pin)),
  };
}
