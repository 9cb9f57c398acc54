import { expect, it } from 'vitest';
import type { RoomEvent } from '../../../../shared/realtime/protocol';
import { applyRoomEvent, initialRoomView, unhandledEvent } from './room-store';

/** An event type the protocol might gain, which the store has no case for. */
type ThreadCreated = { type: 'thread.created'; thread_id: string };

// `npm run typecheck` checks this file: without the expect-error line it fails, as the store's
// switch would with such a type (scripts/event-switch.test.ts compiles the store that way).
it("refuses, at compile time, an event type the store's switch has no case for", () => {
  // What the switch's default would receive if the protocol had one more type than the store handles.
  const leftOver = { type: 'thread.created', thread_id: 't1' } as Exclude<RoomEvent | ThreadCreated, RoomEvent>;
  // @ts-expect-error -- 'thread.created' has no case in applyRoomEvent's switch, so it is not `never`
  const state = unhandledEvent(leftOver, initialRoomView);
  // Were it to run anyway, the state would be left as it was.
  expect(state).toBe(initialRoomView);
  expect(applyRoomEvent(initialRoomView, { type: 'room.topic_changed', topic: 'x' }, '')).toBe(initialRoomView);
});
