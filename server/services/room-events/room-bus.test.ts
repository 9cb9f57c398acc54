import { describe, expect, it } from 'vitest';
import type { RoomEvent } from '../../../shared/realtime/protocol';
import { decodeRoomBusMessage, encodeRoomBusMessage, encodeRoomEventBusMessage } from './room-bus';

const event: RoomEvent = { type: 'message.deleted', message_id: 'm "1" \u2028 é' };

describe('room bus messages', () => {
  it('carries an event as its stored JSON text, byte for byte', () => {
    const json = JSON.stringify(event);
    const decoded = decodeRoomBusMessage(encodeRoomEventBusMessage(42, event.type, json));
    expect(decoded).toEqual({ kind: 'event', seq: 42, type: 'message.deleted', json });
    expect(decodeRoomBusMessage(encodeRoomBusMessage({ kind: 'event', seq: 7, event }))).toEqual({
      kind: 'event',
      seq: 7,
      type: 'message.deleted',
      json,
    });
  });

  it('still reads the all-JSON event form and the ephemeral notices', () => {
    const legacy = JSON.stringify({ kind: 'event', seq: 3, event });
    expect(decodeRoomBusMessage(legacy)).toEqual({
      kind: 'event',
      seq: 3,
      type: event.type,
      json: JSON.stringify(event),
    });
    const typing = encodeRoomBusMessage({ kind: 'typing', user_id: 'u1', sent_at: 5 });
    expect(decodeRoomBusMessage(typing)).toEqual({ kind: 'typing', user_id: 'u1', sent_at: 5 });
    expect(decodeRoomBusMessage(encodeRoomBusMessage({ kind: 'presence' }))).toEqual({ kind: 'presence' });
  });

  it('rejects malformed messages', () => {
    for (const raw of [
      'E12 message.created',
      'Ex message.created {}',
      'E1 Bad {}',
      'E1 message.created [1]',
      '{',
      '{"kind":"event","seq":"1","event":{}}',
      'null',
    ]) {
      expect(decodeRoomBusMessage(raw)).toBeNull();
    }
  });
});
