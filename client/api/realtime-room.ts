import type { RoomEvent } from '../../shared/realtime/protocol';
import { createSequenceTracker, type SequenceTracker } from '../../shared/realtime/sequence';
import type { MessageDto } from '../../shared/api/rooms';
import { displayName } from '../../shared/display-name';
import { messageExcerpt } from '../../shared/excerpt';
import type { RoomHandlers, UserFrame } from './realtime-types';

// One subscribed room of the realtime client (client/api/realtime.ts): its place in the room's
// sequence, and the events held back behind a gap.

export interface RoomState {
  handlers: RoomHandlers;
  /** The last applied sequence; classifies each event as next, duplicate or past a gap. */
  sequence: SequenceTracker;
  /** Events that arrived ahead of a gap, applied once the gap is filled. */
  pending: Map<number, RoomEvent>;
  /** The highest sequence known to exist (from events or `room.subscribed`). */
  target: number;
  /** The last applied sequence at the moment a replay was requested (one request per gap). */
  replayFrom: number | null;
  replayTimer: ReturnType<typeof setTimeout> | null;
  resyncing: boolean;
  /** The room's online users as the last presence frames left them (changes apply to it). */
  online: Set<string>;
}

export function createRoomState(handlers: RoomHandlers, afterSeq: number): RoomState {
  return {
    handlers,
    sequence: createSequenceTracker(afterSeq),
    target: afterSeq,
    pending: new Map(),
    replayFrom: null,
    replayTimer: null,
    resyncing: false,
    online: new Set(),
  };
}

/** The room's whole online list (`room.subscribed`, `presence`): kept, and given to the room's handler. */
export function setOnline(room: RoomState | undefined, onlineUserIds: readonly string[]): void {
  if (!room) return;
  room.online = new Set(onlineUserIds);
  room.handlers.onPresence?.([...room.online]);
}

/** Who came online and who went offline since the last presence frame, applied to the kept list. */
export function changeOnline(
  room: RoomState | undefined,
  cameOnline: readonly string[],
  wentOffline: readonly string[],
): void {
  if (!room) return;
  for (const id of wentOffline) room.online.delete(id);
  for (const id of cameOnline) room.online.add(id);
  room.handlers.onPresence?.([...room.online].sort());
}

/**
 * Takes in an event of sequence `seq`: the events now ready to apply, in order (none for a
 * repeat; this one and those it lets through from behind a gap), or 'gap' when events before it
 * are missing (it waits for them).
 */
export function acceptEvent(
  room: RoomState,
  seq: number,
  event: RoomEvent,
): Array<{ seq: number; event: RoomEvent }> | 'gap' {
  const verdict = room.sequence.accept(seq);
  if (verdict === 'duplicate') return [];
  room.target = Math.max(room.target, seq);
  if (verdict === 'gap') {
    room.pending.set(seq, event);
    return 'gap';
  }
  const ready = [{ seq, event }];
  // Events held back behind the gap follow, in order.
  for (let next = room.pending.get(room.sequence.last + 1); next; next = room.pending.get(room.sequence.last + 1)) {
    const nextSeq = room.sequence.last + 1;
    room.pending.delete(nextSeq);
    room.sequence.accept(nextSeq);
    ready.push({ seq: nextSeq, event: next });
  }
  return ready;
}

/** The room no longer waits for a replay. */
export function clearReplay(room: RoomState): void {
  room.replayFrom = null;
  if (room.replayTimer) clearTimeout(room.replayTimer);
  room.replayTimer = null;
}

/** How many recent new messages are remembered to announce each one once to user listeners. */
const ANNOUNCED_MESSAGES = 500;

/** Notes a new message announced to user listeners (and from where), forgetting the oldest beyond a bound. */
export function rememberAnnounced<T>(announced: Map<string, T>, messageId: string, from: T): void {
  announced.delete(messageId);
  announced.set(messageId, from);
  if (announced.size > ANNOUNCED_MESSAGES) {
    const oldest = announced.keys().next().value;
    if (oldest !== undefined) announced.delete(oldest);
  }
}

/**
 * The activity a socket subscribed to the room is not sent for a new message (its event says the
 * same), as user listeners hear it; none for a reply shown in its thread only (its followers hear
 * of it from the server).
 */
export function activityOfCreated(roomId: string, message: MessageDto): UserFrame | undefined {
  if (message.thread_root_id !== undefined && message.also_in_room !== true) return undefined;
  return {
    type: 'room.activity',
    room_id: roomId,
    message_id: message.id,
    author_id: message.user_id,
    mentions_you: false,
    kind: 'created',
    author_name: displayName(message.author, 'Someone'),
    excerpt: messageExcerpt(message.content),
  };
}
