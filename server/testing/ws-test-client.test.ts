import { describe, expect, it } from 'vitest';
import { checkedFrame } from './ws-test-client';

const ROOM = '3f8c2a4e-1b2c-4d5e-8f90-123456789abc';
const USER = '0b6e2c55-7a5d-4d0c-9d0e-3c4f5a6b7c8d';

describe('the socket test client', () => {
  it('takes the frames of the protocol', () => {
    for (const frame of [
      { type: 'hello', user_id: USER, protocol: 1 },
      { type: 'room.subscribed', room_id: ROOM, last_seq: 4, online_user_ids: [USER] },
      { type: 'room.event', room_id: ROOM, seq: 5, event: { type: 'member.left', user_id: USER } },
      { type: 'error', code: 'bad_frame', message: 'Frames must be JSON objects' },
    ]) {
      expect(checkedFrame(JSON.stringify(frame))).toEqual(frame);
    }
  });

  it('fails on a frame that breaks the protocol, saying where', () => {
    expect(() => checkedFrame(JSON.stringify({ type: 'room.resync', room_id: ROOM }))).toThrow(
      /breaks the protocol \(last_seq: /,
    );
    expect(() =>
      checkedFrame(
        JSON.stringify({ type: 'room.event', room_id: ROOM, seq: 5, event: { type: 'member.left', user_id: 'm5' } }),
      ),
    ).toThrow(/event\.user_id: Invalid GUID/);
    expect(() => checkedFrame(JSON.stringify({ type: 'hello', user_id: USER, protocol: 1, token: 'secret' }))).toThrow(
      /Unrecognized key: "token"/,
    );
    expect(() => checkedFrame(JSON.stringify({ type: 'gossip' }))).toThrow(/breaks the protocol/);
  });
});
