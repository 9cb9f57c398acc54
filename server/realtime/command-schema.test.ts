import { describe, expect, it } from 'vitest';
import { parseCommand } from './command-schema';

const ROOM = '3f8c2a4e-1b2c-4d5e-8f90-123456789abc';

describe('parseCommand', () => {
  it('accepts every command of the protocol', () => {
    for (const command of [
      { type: 'room.subscribe', room_id: ROOM },
      { type: 'room.subscribe', room_id: ROOM, after_seq: 12 },
      { type: 'room.unsubscribe', room_id: ROOM },
      { type: 'room.replay', room_id: ROOM, after_seq: 0 },
      { type: 'typing', room_id: ROOM },
      { type: 'ping' },
      { type: 'ping', ref: 'abc' },
    ]) {
      expect(parseCommand(JSON.stringify(command))).toEqual({ ok: true, command });
    }
  });

  it('says what is wrong with anything else', () => {
    expect(parseCommand('{nope')).toMatchObject({ ok: false, code: 'bad_frame' });
    expect(parseCommand('[1,2]')).toMatchObject({ ok: false, code: 'bad_frame' });
    expect(parseCommand('{"room_id":"x"}')).toMatchObject({ ok: false, code: 'bad_frame' });
    expect(parseCommand('{"type":"room.delete"}')).toMatchObject({
      ok: false,
      code: 'unknown_type',
      refType: 'room.delete',
    });
    expect(parseCommand(JSON.stringify({ type: 'room.subscribe', room_id: 'lobby' }))).toMatchObject({
      ok: false,
      code: 'bad_frame',
      message: 'room_id: room_id must be a room id',
    });
    expect(parseCommand(JSON.stringify({ type: 'room.replay', room_id: ROOM, after_seq: -1 }))).toMatchObject({
      ok: false,
      code: 'bad_frame',
    });
    expect(parseCommand(JSON.stringify({ type: 'room.replay', room_id: ROOM }))).toMatchObject({ ok: false });
  });
});
