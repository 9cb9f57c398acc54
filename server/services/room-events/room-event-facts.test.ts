import { describe, expect, it } from 'vitest';
import type { RoomEvent } from '../../../shared/realtime/protocol';
import { roomEvent } from '../../../shared/realtime/protocol.schemas';
import { decodeFact, encodeFact, FACT_VERSIONS, factOf } from './room-event-facts';

const USER = { id: 'u1', username: 'ada', display_name: 'Ada', avatar_url: null, github_login: 'ada' };
const MESSAGE = {
  id: 'm2',
  room_id: 'r1',
  user_id: 'u1',
  client_id: 'c2',
  content: 'thanks',
  created_at: '2026-11-27T10:00:00.000Z',
  edited_at: null,
  deleted: false,
  author: USER,
  reactions: [{ id: 'x1', message_id: 'm2', user_id: 'u1', emoji: '👍', user: USER }],
  references: [{ repo: 'octo/demo', number: 7, kind: 'issue' as const, title: 'A bug', state: 'open' as const }],
  reply_to: { message_id: 'm1', user_id: 'u2', author: { ...USER, id: 'u2' }, excerpt: 'hi', deleted: false },
};

describe('room event facts', () => {
  it('have a version for every event type of the protocol', () => {
    const types = roomEvent.options.map((option) => option.shape.type.value).sort();
    expect(Object.keys(FACT_VERSIONS).sort()).toEqual(types);
  });

  it('keep a message’s own fields only: no author, quote, reactions or references', () => {
    const fact = factOf({ type: 'message.created', message: MESSAGE });
    expect(fact).toEqual({
      type: 'message.created',
      message: {
        id: 'm2',
        room_id: 'r1',
        user_id: 'u1',
        client_id: 'c2',
        content: 'thanks',
        reply_to_id: 'm1',
        created_at: '2026-11-27T10:00:00.000Z',
        edited_at: null,
      },
    });
    expect(JSON.parse(encodeFact(fact))).toEqual({ v: 1, message: (fact as { message: unknown }).message });
  });

  it('read back what they stored, for every kind of event', () => {
    const events: RoomEvent[] = [
      { type: 'message.created', message: MESSAGE },
      { type: 'message.updated', message: { ...MESSAGE, edited_at: '2026-11-27T11:00:00.000Z' } },
      { type: 'message.deleted', message_id: 'm2', by_moderator: true },
      { type: 'message.references', message_id: 'm2', references: MESSAGE.references },
      { type: 'reaction.added', reaction: MESSAGE.reactions[0]! },
      { type: 'reaction.removed', reaction: MESSAGE.reactions[0]! },
      { type: 'member.joined', member: { user: USER, joined_at: MESSAGE.created_at, moderator: false } },
      { type: 'member.left', user_id: 'u1' },
      { type: 'member.muted', user_id: 'u1', muted_until: null },
      { type: 'room.topic_changed', topic: 'Releases' },
    ];
    for (const event of events) {
      const fact = factOf(event);
      expect(decodeFact(event.type, encodeFact(fact))).toEqual(fact);
    }
    expect(factOf(events[3]!)).toEqual({ type: 'message.references', message_id: 'm2' });
    expect(factOf(events[4]!)).toEqual({
      type: 'reaction.added',
      reaction: { id: 'x1', message_id: 'm2', user_id: 'u1', emoji: '👍' },
    });
    expect(factOf(events[6]!)).toEqual({
      type: 'member.joined',
      member: { user_id: 'u1', joined_at: MESSAGE.created_at, moderator: false },
    });
  });

  it('refuse a payload of an unknown type or version', () => {
    expect(() => decodeFact('room.topic_changed', '{"v":2,"topic":"x"}')).toThrow('version 2');
    expect(() => decodeFact('room.topic_changed', '{"type":"room.topic_changed","topic":"x"}')).toThrow();
    expect(() => decodeFact('room.renamed', '{"v":1}')).toThrow();
  });
});
