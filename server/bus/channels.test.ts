import { describe, expect, it } from 'vitest';
import type { RoomEvent } from '../../shared/realtime/protocol';
import { busChannels, channelOf, publishOn, roomEventSeq, subscribeTo, type UserChannelMessage } from './channels';
import { createMemoryBus } from './memory-bus';

const ROOM = '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f';
const USER = '7a1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f';
const event: RoomEvent = { type: 'message.deleted', message_id: 'm "1" \u2028 é' };

describe('bus channels', () => {
  it('names each channel and tells a name back', () => {
    expect(busChannels.room(ROOM).name).toBe(`room:${ROOM}`);
    expect(channelOf(`room:${ROOM}`)).toEqual({ channel: 'room', roomId: ROOM });
    expect(channelOf('users')).toEqual({ channel: 'users' });
    expect(channelOf('sessions')).toEqual({ channel: 'sessions' });
    for (const name of ['room:', 'rooms', 'user', '']) expect(channelOf(name)).toBeNull();
  });

  it('carries a room event as its stored JSON text, byte for byte', () => {
    const room = busChannels.room(ROOM);
    const json = JSON.stringify(event);
    const raw = room.encode({ kind: 'event', seq: 42, type: event.type, json });
    expect(raw).toBe(`E42 message.deleted ${json}`);
    expect(room.decode(raw)).toEqual({ kind: 'event', seq: 42, type: 'message.deleted', json });
    expect(roomEventSeq(raw)).toBe(42);
  });

  it('round-trips the room notices and still reads the all-JSON event form', () => {
    const room = busChannels.room(ROOM);
    const typing = { kind: 'typing', user_id: USER, sent_at: 5 } as const;
    expect(room.decode(room.encode(typing))).toEqual(typing);
    expect(room.decode(room.encode({ kind: 'presence' }))).toEqual({ kind: 'presence' });
    expect(roomEventSeq(room.encode({ kind: 'presence' }))).toBeNull();
    expect(room.decode(JSON.stringify({ kind: 'event', seq: 3, event }))).toEqual({
      kind: 'event',
      seq: 3,
      type: event.type,
      json: JSON.stringify(event),
    });
  });

  it('rejects malformed room messages', () => {
    const room = busChannels.room(ROOM);
    for (const raw of [
      'E12 message.created',
      'Ex message.created {}',
      'E1 Bad {}',
      'E1 message.created [1]',
      '{',
      '{"kind":"event","seq":"1","event":{}}',
      '{"kind":"event","seq":1,"event":{"type":"Bad Type"}}',
      '{"kind":"typing","user_id":"u1"}',
      '{"kind":"gossip"}',
      'null',
    ]) {
      expect(room.decode(raw)).toBeNull();
    }
  });

  it('round-trips every kind of users message', () => {
    const messages: UserChannelMessage[] = [
      {
        type: 'read.updated',
        user_id: USER,
        frame: { type: 'read.updated', room_id: ROOM, last_read_message_id: ROOM },
      },
      {
        type: 'notifications.updated',
        user_id: USER,
        frame: { type: 'notifications.updated', room_id: ROOM, level: 'mentions' },
      },
      {
        type: 'room.activity',
        mentioned_user_ids: [USER],
        frame: {
          type: 'room.activity',
          room_id: ROOM,
          message_id: ROOM,
          author_id: USER,
          kind: 'created',
          author_name: 'Ada',
          excerpt: 'hello',
        },
      },
      { type: 'membership.changed', user_id: USER },
      {
        type: 'reports.changed',
        user_ids: [USER],
        frame: { type: 'reports.changed', room_id: ROOM, open_count: 2 },
      },
      {
        type: 'held.changed',
        user_ids: [USER],
        frame: { type: 'held.changed', room_id: ROOM, pending_count: 3 },
      },
      {
        type: 'held.changed',
        user_ids: [USER],
        frame: { type: 'held.changed', room_id: ROOM, message_id: ROOM, status: 'rejected' },
      },
    ];
    for (const message of messages) {
      expect(busChannels.users.decode(busChannels.users.encode(message))).toEqual(message);
    }
  });

  it('rejects malformed users messages, frames included', () => {
    for (const raw of [
      'not json',
      '{"type":"read.updated","user_id":"u1"}',
      `{"type":"read.updated","user_id":"u1","frame":{"type":"read.updated","room_id":"${ROOM}"}}`,
      `{"type":"reports.changed","user_ids":"u1","frame":{"type":"reports.changed","room_id":"${ROOM}","open_count":1}}`,
      `{"type":"room.activity","frame":{"type":"read.updated","room_id":"${ROOM}","last_read_message_id":"${ROOM}"}}`,
      // From a process of an older version: the mention list inside the frame.
      `{"type":"room.activity","frame":{"type":"room.activity","room_id":"${ROOM}","message_id":"${ROOM}","author_id":"${ROOM}","mentioned_user_ids":[],"kind":"created"}}`,
      '{"type":"membership.changed"}',
      `{"type":"held.changed","user_ids":["u1"],"frame":{"type":"held.changed","room_id":"${ROOM}","status":"maybe"}}`,
      // A frame never carries a reader's part on the bus.
      `{"type":"room.activity","mentioned_user_ids":[],"frame":{"type":"room.activity","room_id":"${ROOM}","message_id":"${ROOM}","author_id":"${USER}","mentions_you":true,"kind":"deleted"}}`,
      '{"type":"session.ended","session_id":"s"}',
      '[]',
    ]) {
      expect(busChannels.users.decode(raw)).toBeNull();
    }
  });

  it('round-trips an ended session and rejects anything else on the sessions channel', () => {
    const sessions = busChannels.sessions;
    const message = { type: 'session.ended', session_id: 'abc' } as const;
    expect(sessions.decode(sessions.encode(message))).toEqual(message);
    for (const raw of ['{', '{"type":"session.ended"}', '{"type":"session.ended","session_id":""}', '{"type":"x"}']) {
      expect(sessions.decode(raw)).toBeNull();
    }
  });

  it('hands subscribers decoded messages and drops malformed ones', async () => {
    const bus = createMemoryBus();
    const received: unknown[] = [];
    await subscribeTo(bus, busChannels.sessions, (message) => received.push(message));
    await bus.publish('sessions', 'garbage');
    await publishOn(bus, busChannels.sessions, { type: 'session.ended', session_id: 's1' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual([{ type: 'session.ended', session_id: 's1' }]);
  });
});
