import { describe, expect, it } from 'vitest';
import type { RoomEvent } from '../../../shared/realtime/protocol';
import type { RoomEventRow } from '../../db/schema';
import { createPresentedEvents } from './presented-events';
import { encodeFact, type RoomEventFact } from './room-event-facts';

const ROOM = 'room-1';

function row(seq: number, fact: RoomEventFact): RoomEventRow {
  return { room_id: ROOM, seq, type: fact.type, payload: encodeFact(fact), created_at: '', message_id: null };
}

/** A presenter that counts the facts it presents and can be made to fail. */
function counting() {
  const presented: RoomEventFact[] = [];
  let failing = false;
  let clock = 0;
  const events = createPresentedEvents({
    now: () => clock,
    lifetimeMs: 1000,
    maxEntries: 5,
    present: async (facts) => {
      if (failing) throw new Error('database away');
      presented.push(...facts);
      // These tests log topic changes only, whose facts are their events.
      return facts.map((fact): RoomEvent =>
        fact.type === 'room.topic_changed' ? { ...fact, topic: `shown ${fact.topic}` } : (fact as RoomEvent),
      );
    },
  });
  return {
    events,
    presented,
    fail: (value: boolean) => (failing = value),
    advance: (ms: number) => (clock += ms),
  };
}

const topic = (seq: number, text = `t${seq}`) => row(seq, { type: 'room.topic_changed', topic: text });

describe('presented room events', () => {
  it('presents each event once for every reader, including readers at the same moment', async () => {
    const { events, presented } = counting();
    const rows = [topic(1), topic(2)];
    const [a, b] = await Promise.all([events.present(ROOM, rows), events.present(ROOM, rows)]);
    const again = await events.present(ROOM, rows);
    expect(a).toEqual([
      { seq: 1, type: 'room.topic_changed', json: JSON.stringify({ type: 'room.topic_changed', topic: 'shown t1' }) },
      { seq: 2, type: 'room.topic_changed', json: JSON.stringify({ type: 'room.topic_changed', topic: 'shown t2' }) },
    ]);
    expect(b).toEqual(a);
    expect(again).toEqual(a);
    expect(presented).toHaveLength(2);
  });

  it('presents again a rewritten row, a forgotten room and an expired presentation', async () => {
    const { events, presented, advance } = counting();
    await events.present(ROOM, [topic(1)]);
    const rewritten = await events.present(ROOM, [topic(1, 'edited')]);
    expect(JSON.parse(rewritten[0]!.json)).toEqual({ type: 'room.topic_changed', topic: 'shown edited' });
    expect(presented).toHaveLength(2);

    events.forgetRoom(ROOM);
    expect(events.size()).toBe(0);
    await events.present(ROOM, [topic(1, 'edited')]);
    expect(presented).toHaveLength(3);

    advance(1000);
    await events.present(ROOM, [topic(1, 'edited')]);
    expect(presented).toHaveLength(4);
  });

  it('keeps no failed presentation and holds at most its bound', async () => {
    const { events, presented, fail } = counting();
    fail(true);
    await expect(events.present(ROOM, [topic(1)])).rejects.toThrow('database away');
    expect(events.size()).toBe(0);
    fail(false);
    await events.present(ROOM, [topic(1)]);
    expect(presented).toHaveLength(1);

    await events.present('room-2', [topic(1), topic(2), topic(3)]);
    await events.present('room-3', [topic(1), topic(2)]);
    // Beyond five entries the rooms read longest ago go first.
    expect(events.size()).toBeLessThanOrEqual(5);
    await events.present('room-3', [topic(1), topic(2)]);
    expect(presented).toHaveLength(6);
  });

  it('refuses a stored fact of a version it does not know', async () => {
    const { events } = counting();
    const newer = { ...topic(1), payload: JSON.stringify({ v: 2, topic: 'x' }) };
    await expect(events.present(ROOM, [newer])).rejects.toThrow('version 2');
  });
});
