import type { RoomEvent } from '../../../shared/realtime/protocol';

/**
 * What travels on a room's bus channel between server processes. Committed events carry their
 * sequence number; typing and presence notices are ephemeral and never stored.
 */
export type RoomBusMessage =
  | { kind: 'event'; seq: number; event: RoomEvent }
  | { kind: 'typing'; user_id: string; sent_at: number }
  /** Someone came online or went offline here: re-read the room's presence. */
  | { kind: 'presence' };

/** A received bus message; a committed event keeps its stored JSON text as is. */
export type DecodedRoomBusMessage =
  { kind: 'event'; seq: number; type: string; json: string } | Exclude<RoomBusMessage, { kind: 'event' }>;

/** One channel per room, so a process only hears rooms its sockets watch. */
export function roomChannel(roomId: string): string {
  return `room:${roomId}`;
}

/**
 * Committed events travel as "E{seq} {type} {event JSON}": the receiving process splices the
 * event text into its socket frames without parsing or re-encoding it.
 */
const EVENT_HEAD = /^E(\d{1,15}) ([a-z][a-z_.]{0,63}) /;

export function encodeRoomEventBusMessage(seq: number, type: string, eventJson: string): string {
  return `E${seq} ${type} ${eventJson}`;
}

export function encodeRoomBusMessage(message: RoomBusMessage): string {
  if (message.kind === 'event') {
    return encodeRoomEventBusMessage(message.seq, message.event.type, JSON.stringify(message.event));
  }
  return JSON.stringify(message);
}

/** Parses a bus message; null for anything malformed (the bus is trusted but versions may differ). */
export function decodeRoomBusMessage(raw: string): DecodedRoomBusMessage | null {
  if (raw.charCodeAt(0) === 69 /* E */) {
    const head = EVENT_HEAD.exec(raw);
    if (!head?.[1] || !head[2]) return null;
    const json = raw.slice(head[0].length);
    if (json.charCodeAt(0) !== 123 /* { */) return null;
    return { kind: 'event', seq: Number(head[1]), type: head[2], json };
  }
  try {
    const value = JSON.parse(raw) as Partial<RoomBusMessage> & Record<string, unknown>;
    if (value.kind === 'event' && typeof value.seq === 'number' && typeof value.event === 'object' && value.event) {
      // The earlier all-JSON form, from a process not yet upgraded.
      const event = value.event as RoomEvent;
      if (typeof event.type !== 'string') return null;
      return { kind: 'event', seq: value.seq, type: event.type, json: JSON.stringify(event) };
    }
    if (value.kind === 'typing' && typeof value.user_id === 'string' && typeof value.sent_at === 'number') {
      return { kind: 'typing', user_id: value.user_id, sent_at: value.sent_at };
    }
    if (value.kind === 'presence') return { kind: 'presence' };
    return null;
  } catch {
    return null;
  }
}
