import { z } from 'zod';
import { serverFrame } from '../../shared/realtime/protocol.schemas';
import type { ServerFrame } from '../../shared/realtime/protocol';
import type { EventBus } from './event-bus';

/**
 * Every channel of the bus between server processes, what travels on each and how it is written:
 * the one place that encodes and decodes bus messages. The bus is trusted, but processes of two
 * versions may share it during a deployment, so every received message is checked and anything
 * malformed is dropped (decode answers null).
 */

/** A channel name with the codec of its messages. */
export interface BusChannel<Message> {
  readonly name: string;
  encode(message: Message): string;
  decode(raw: string): Message | null;
}

// ---- room:{roomId}: a room's committed events, typing and presence notices ----

/**
 * A committed event carries its sequence number and its encoded JSON, which receiving processes
 * splice into their socket frames without parsing or re-encoding it. Typing and presence notices
 * are ephemeral and never stored.
 */
export type RoomBusMessage =
  | { kind: 'event'; seq: number; type: string; json: string }
  | { kind: 'typing'; user_id: string; sent_at: number }
  /** Someone came online or went offline here: re-read the room's presence. */
  | { kind: 'presence' };

/** Committed events travel as "E{seq} {type} {event JSON}"; the notices as JSON objects. */
const EVENT_HEAD = /^E(\d{1,15}) ([a-z][a-z_.]{0,63}) /;

const roomNotice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('typing'), user_id: z.string(), sent_at: z.number() }),
  z.object({ kind: z.literal('presence') }),
  // The earlier all-JSON form of an event, from a process not yet upgraded.
  z.object({
    kind: z.literal('event'),
    seq: z.number().int().nonnegative(),
    event: z.looseObject({ type: z.string().regex(/^[a-z][a-z_.]{0,63}$/) }),
  }),
]);

const roomCodec = {
  encode(message: RoomBusMessage): string {
    if (message.kind === 'event') return `E${message.seq} ${message.type} ${message.json}`;
    return JSON.stringify(message);
  },
  decode(raw: string): RoomBusMessage | null {
    if (raw.charCodeAt(0) === 69 /* E */) {
      const head = EVENT_HEAD.exec(raw);
      if (!head?.[1] || !head[2]) return null;
      const json = raw.slice(head[0].length);
      if (json.charCodeAt(0) !== 123 /* { */) return null;
      return { kind: 'event', seq: Number(head[1]), type: head[2], json };
    }
    const value = parseJson(raw, roomNotice);
    if (value?.kind !== 'event') return value;
    return { kind: 'event', seq: value.seq, type: value.event.type, json: JSON.stringify(value.event) };
  },
};

// ---- users: what concerns users rather than one room's subscribers ----

type FrameOf<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

function frameSchema<T extends ServerFrame['type']>(type: T): z.ZodType<FrameOf<T>> {
  const schema = serverFrame.options.find((option) => option.shape.type.value === type);
  if (!schema) throw new Error(`no server frame of type ${type}`);
  return schema as unknown as z.ZodType<FrameOf<T>>;
}

const userId = z.string().min(1);

const activityFrameSchema = (() => {
  const schema = serverFrame.options.find((option) => option.shape.type.value === 'room.activity');
  if (!schema || !('mentions_you' in schema.shape)) throw new Error('no server frame of type room.activity');
  return schema as Extract<typeof schema, { shape: { mentions_you: unknown; kind: unknown } }>;
})();

const threadActivityFrameSchema = (() => {
  const schema = serverFrame.options.find((option) => option.shape.type.value === 'thread.activity');
  if (!schema || !('root_id' in schema.shape)) throw new Error('no server frame of type thread.activity');
  return schema as Extract<typeof schema, { shape: { root_id: unknown } }>;
})();

/**
 * Read positions moving (to that user's sockets on every process), activity in a room (to the
 * sockets of its members, subscribed or not), replies in threads (to their followers), reports and
 * held messages changing (to a room's moderators, and a held message's author), and
 * membership changes that tell processes to re-read a user's rooms.
 */
const userChannelMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('read.updated'), user_id: userId, frame: frameSchema('read.updated') }),
  z.object({
    type: z.literal('notifications.updated'),
    user_id: userId,
    frame: frameSchema('notifications.updated'),
  }),
  /**
   * Activity as it travels between processes: the frame without its reader's part, and whom the
   * message reaches as a mention. Each process sends each user their own frame, saying only whether
   * it mentions them (`mentions_you`): the list never leaves the server, since who is missing from
   * it would tell who ignores the author. A message from a process of an older version (the list
   * inside its frame) fails this check and is dropped: counts heal on the next refetch.
   */
  z.object({
    type: z.literal('room.activity'),
    mentioned_user_ids: z.array(userId),
    frame: activityFrameSchema.omit({ mentions_you: true }),
  }),
  /**
   * A new reply in a thread, to the sockets of the thread's followers (members of its room), each
   * told only whether it mentions them, as for room activity.
   */
  z.object({
    type: z.literal('thread.activity'),
    follower_ids: z.array(userId),
    mentioned_user_ids: z.array(userId),
    frame: threadActivityFrameSchema.omit({ mentions_you: true }),
  }),
  z.object({ type: z.literal('membership.changed'), user_id: userId }),
  /** To these users' sockets only (a room's moderators). */
  z.object({ type: z.literal('reports.changed'), user_ids: z.array(userId), frame: frameSchema('reports.changed') }),
  /** To these users' sockets only (a room's moderators, or a held message's author). */
  z.object({ type: z.literal('held.changed'), user_ids: z.array(userId), frame: frameSchema('held.changed') }),
]);

export type UserChannelMessage = z.infer<typeof userChannelMessage>;

// ---- sessions: sign-out announces ended sessions to every process ----

const sessionChannelMessage = z.object({ type: z.literal('session.ended'), session_id: z.string().min(1) });

export type SessionChannelMessage = z.infer<typeof sessionChannelMessage>;

function jsonCodec<Message>(schema: z.ZodType<Message>) {
  return {
    encode: (message: Message): string => JSON.stringify(message),
    decode: (raw: string): Message | null => parseJson(raw, schema),
  };
}

function parseJson<Message>(raw: string, schema: z.ZodType<Message>): Message | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// ---- The map ----

const ROOM_PREFIX = 'room:';
const usersCodec = jsonCodec(userChannelMessage);
const sessionsCodec = jsonCodec(sessionChannelMessage);

/** The channels: one per room (a process only hears rooms its sockets watch), and two site-wide. */
export const busChannels = {
  room: (roomId: string): BusChannel<RoomBusMessage> => ({ name: ROOM_PREFIX + roomId, ...roomCodec }),
  users: { name: 'users', ...usersCodec } satisfies BusChannel<UserChannelMessage>,
  sessions: { name: 'sessions', ...sessionsCodec } satisfies BusChannel<SessionChannelMessage>,
};

/** Which channel a name belongs to (null for a name outside the map). */
export function channelOf(
  name: string,
): { channel: 'room'; roomId: string } | { channel: 'users' | 'sessions' } | null {
  if (name.startsWith(ROOM_PREFIX) && name.length > ROOM_PREFIX.length) {
    return { channel: 'room', roomId: name.slice(ROOM_PREFIX.length) };
  }
  if (name === busChannels.users.name) return { channel: 'users' };
  if (name === busChannels.sessions.name) return { channel: 'sessions' };
  return null;
}

/** The sequence number of an encoded room event, read from its head alone (null for a notice). */
export function roomEventSeq(raw: string): number | null {
  const head = raw.charCodeAt(0) === 69 /* E */ ? EVENT_HEAD.exec(raw) : null;
  return head?.[1] ? Number(head[1]) : null;
}

export function publishOn<Message>(bus: EventBus, channel: BusChannel<Message>, message: Message): Promise<void> {
  return bus.publish(channel.name, channel.encode(message));
}

/** Subscribes with decoding: the handler sees well-formed messages only. Returns the unsubscribe. */
export function subscribeTo<Message>(
  bus: EventBus,
  channel: BusChannel<Message>,
  handler: (message: Message) => void,
): Promise<() => Promise<void>> {
  return bus.subscribe(channel.name, (raw) => {
    const message = channel.decode(raw);
    if (message !== null) handler(message);
  });
}
