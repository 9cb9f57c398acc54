import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createMemoryBus } from '../../bus/memory-bus';
import { domainErrors } from '../../errors';
import { roomEventsRepository } from '../../db/repositories/room-events.repository';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createMember, roomWith } from '../../testing/room-test-kit';
import { createRoomChanges } from './room-change';
import { busChannels } from '../../bus/channels';

describe('room changes on SQLite, committed in groups', () => {
  let app: TestApp;
  let outside: BetterSqlite3.Database;
  beforeAll(async () => {
    app = await createTestApp({ engine: 'sqlite', github: 'emulator' });
    // A second connection to the same file sees only what is committed.
    outside = new BetterSqlite3(app.database.url.slice('sqlite:'.length), { readonly: true });
  });
  afterAll(async () => {
    outside?.close();
    await app?.destroy();
  });

  const committedSeqs = (roomId: string) =>
    (
      outside.prepare('select seq from room_events where room_id = ? order by seq').all(roomId) as Array<{
        seq: number;
      }>
    ).map((row) => row.seq);
  const lastSeq = (roomId: string) =>
    (outside.prepare('select last_seq from chat_rooms where id = ?').get(roomId) as { last_seq: number }).last_seq;

  it('changes that arrive together commit once; a failed or empty one is rolled back alone', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const before = lastSeq(roomId);
    const published: number[] = [];
    const bus = createMemoryBus();
    await bus.subscribe(busChannels.room(roomId).name, () => published.push(published.length));
    let clock = Date.parse('2030-01-01T00:00:00.000Z');
    const changes = createRoomChanges({
      db: app.ctx.database.db,
      bus,
      logger: pino({ level: 'silent' }),
      now: () => (clock += 1000),
    });
    const topic = (text: string) => ({ type: 'room.topic_changed' as const, topic: text });
    const seenInside: Array<number[]> = [];

    const first = changes.change(roomId, async () => ({ result: 'first', events: [topic('one')] }));
    const refused = changes.change(roomId, async () => {
      throw domainErrors.forbidden('not you');
    });
    const empty = changes.change(roomId, async () => ({ result: 'nothing', events: [] }));
    const last = changes.change(roomId, async (trx) => {
      // The first change is visible inside the group, not yet outside it.
      const inside = await roomEventsRepository(trx).listAfter(roomId, before, 10);
      seenInside.push(
        inside.map((event) => event.seq),
        committedSeqs(roomId).filter((seq) => seq > before),
      );
      return { result: 'last', events: [topic('two'), topic('three')] };
    });

    expect(await first).toBe('first');
    // Acknowledged only once stored: the whole group is committed by then.
    expect(committedSeqs(roomId).filter((seq) => seq > before)).toEqual([before + 1, before + 2, before + 3]);
    await expect(refused).rejects.toThrow('not you');
    expect(await empty).toBe('nothing');
    expect(await last).toBe('last');
    expect(seenInside).toEqual([[before + 1], []]);
    // Gap-free: the refused change's reserved number went back with it.
    expect(lastSeq(roomId)).toBe(before + 3);
    const activity = outside.prepare('select last_activity_at from chat_rooms where id = ?').get(roomId) as {
      last_activity_at: string;
    };
    // The empty change's lock left no trace: the room's activity time is the last change's.
    expect(activity.last_activity_at).toBe(new Date(Date.parse('2030-01-01T00:00:00.000Z') + 4000).toISOString());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(published).toHaveLength(3);
  });

  it('a change arriving later starts the next group', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const before = lastSeq(roomId);
    const changes = createRoomChanges({
      db: app.ctx.database.db,
      bus: createMemoryBus(),
      logger: pino({ level: 'silent' }),
      now: () => Date.now(),
    });
    const event = { type: 'room.topic_changed' as const, topic: 'x' };
    await changes.change(roomId, async () => ({ result: 1, events: [event] }));
    await changes.change(roomId, async () => ({ result: 2, events: [event] }));
    expect(committedSeqs(roomId).filter((seq) => seq > before)).toEqual([before + 1, before + 2]);
  });
});
