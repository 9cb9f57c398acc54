import type { MessageDto } from '../../../shared/api/rooms';
import type { RoomEvent } from '../../../shared/realtime/protocol';

/**
 * What a room's event log stores: the domain's facts of each change (ids, texts, times, values),
 * never the shape clients receive. Profiles, reply quotes, references and reactions are
 * presented when an event is delivered (room-event.presenter.ts), from the data as it is then, so
 * a field added to the answers reaches every stored event at once.
 *
 * Each stored payload is the fact's JSON without its type (the log's type column holds it) and
 * with `v`, the version of that type's fact. A change to a fact's shape bumps its version here
 * and adds a migration converting the stored rows.
 */

/** A message as the log remembers it: its own fields, never who wrote it or what it quotes. */
export interface MessageFact {
  id: string;
  room_id: string;
  user_id: string;
  client_id: string;
  content: string;
  reply_to_id: string | null;
  created_at: string;
  edited_at: string | null;
  /** A thread reply: its thread's root (absent for other messages and in facts from before threads). */
  thread_root_id?: string;
  /** A thread reply also sent to the room. */
  also_in_room?: boolean;
}

/** A thread's summary as the log keeps it: ids and counts; profiles and the answer's text are presented. */
export interface ThreadFact {
  reply_count: number;
  last_reply_at: string;
  repliers: string[];
  answer_id: string | null;
}

type Simple = Exclude<
  RoomEvent,
  {
    type:
      | 'message.created'
      | 'message.updated'
      | 'message.references'
      | 'reaction.added'
      | 'reaction.removed'
      | 'member.joined'
      | 'thread.updated';
  }
>;

export type RoomEventFact =
  | { type: 'message.created' | 'message.updated'; message: MessageFact }
  /** The references themselves are read when the event is presented. */
  | { type: 'message.references'; message_id: string }
  | {
      type: 'reaction.added' | 'reaction.removed';
      reaction: { id: string; message_id: string; user_id: string; emoji: string };
    }
  /** `moderator`: their role when they joined (absent in facts from before roles existed). */
  | { type: 'member.joined'; member: { user_id: string; joined_at: string; moderator?: boolean } }
  | { type: 'thread.updated'; root_id: string; thread: ThreadFact | null }
  | Simple;

export type RoomEventType = RoomEvent['type'];

/** The current version of each event type's stored fact. */
export const FACT_VERSIONS: Record<RoomEventType, number> = {
  'message.created': 1,
  'message.updated': 1,
  'message.deleted': 1,
  'message.references': 1,
  'reaction.added': 1,
  'reaction.removed': 1,
  'member.joined': 1,
  'member.left': 1,
  'member.role_changed': 1,
  'member.muted': 1,
  'member.banned': 1,
  'member.unbanned': 1,
  'message.pinned': 1,
  'message.unpinned': 1,
  'room.slow_mode_changed': 1,
  'room.topic_changed': 1,
  'room.activity_changed': 1,
  'repo.activity': 1,
  'room.lock_changed': 1,
  'thread.updated': 1,
};

export function messageFactOf(message: MessageDto): MessageFact {
  return {
    id: message.id,
    room_id: message.room_id,
    user_id: message.user_id,
    client_id: message.client_id,
    content: message.content,
    reply_to_id: message.reply_to?.message_id ?? null,
    created_at: message.created_at,
    edited_at: message.edited_at,
    ...(message.thread_root_id !== undefined
      ? { thread_root_id: message.thread_root_id, also_in_room: message.also_in_room === true }
      : {}),
  };
}

/** The facts a presented event was made from (what the log keeps of it). */
export function factOf(event: RoomEvent): RoomEventFact {
  switch (event.type) {
    case 'message.created':
    case 'message.updated':
      return { type: event.type, message: messageFactOf(event.message) };
    case 'message.references':
      return { type: event.type, message_id: event.message_id };
    case 'reaction.added':
    case 'reaction.removed': {
      const { id, message_id, user_id, emoji } = event.reaction;
      return { type: event.type, reaction: { id, message_id, user_id, emoji } };
    }
    case 'member.joined': {
      const { user, joined_at, moderator } = event.member;
      return {
        type: event.type,
        member: { user_id: user.id, joined_at, ...(moderator !== undefined ? { moderator } : {}) },
      };
    }
    case 'thread.updated': {
      const { thread } = event;
      return {
        type: event.type,
        root_id: event.root_id,
        thread: thread && {
          reply_count: thread.reply_count,
          last_reply_at: thread.last_reply_at,
          repliers: thread.repliers.map((user) => user.id),
          answer_id: thread.answer?.message_id ?? null,
        },
      };
    }
    case 'message.deleted':
    case 'member.left':
    case 'member.role_changed':
    case 'member.muted':
    case 'member.banned':
    case 'member.unbanned':
    case 'message.pinned':
    case 'message.unpinned':
    case 'room.slow_mode_changed':
    case 'room.topic_changed':
    case 'room.activity_changed':
    case 'repo.activity':
    case 'room.lock_changed':
      return event;
    default:
      return event satisfies never;
  }
}

/** The stored payload of a fact: its fields and version, without the type. */
export function encodeFact(fact: RoomEventFact): string {
  const { type, ...fields } = fact;
  return JSON.stringify({ v: FACT_VERSIONS[type], ...fields });
}

/** A stored payload read back; throws on a version this code does not know (a newer process wrote it). */
export function decodeFact(type: string, payload: string): RoomEventFact {
  const { v, ...fields } = JSON.parse(payload) as { v?: unknown } & Record<string, unknown>;
  const version = (FACT_VERSIONS as Record<string, number | undefined>)[type];
  if (version === undefined || v !== version) {
    throw new Error(`room event ${type}: stored fact version ${String(v)} is not ${String(version)}`);
  }
  return { type, ...fields } as RoomEventFact;
}
