import { describe, expect, it } from 'vitest';
import type { PresentedRoomEvent } from '../services/room-events/room-access.service';
import { REPLAY_PAGE_EVENTS, RoomSubscription, type RoomLog, type SubscriptionSink } from './room-subscription';
import { ReplayPacer } from './replay-pacer';

const ROOM = 'room-1';

/** A room log of `length` events that records every read. */
function fakeLog(length: number) {
  const reads: Array<{ afterSeq: number; limit: number }> = [];
  const log: RoomLog = {
    lastSeq: async () => length,
    async eventsAfter(afterSeq, limit) {
      reads.push({ afterSeq, limit });
      const rows: PresentedRoomEvent[] = [];
      for (let seq = afterSeq + 1; seq <= Math.min(length, afterSeq + limit); seq += 1)
        rows.push({ seq, type: 'message.deleted', json: `{"n":${seq}}` });
      return rows;
    },
  };
  return { log, reads };
}

/** A socket whose send buffer the test fills and drains by hand. */
function fakeSink() {
  const seqs: number[] = [];
  let backedUp = false;
  let drained: (() => void) | undefined;
  const sink: SubscriptionSink = {
    userId: 'u1',
    sendEvent: (_roomId, event) => seqs.push(event.seq),
    sendResync: () => undefined,
    membershipEnded: () => undefined,
    whenWritable: () => (backedUp ? new Promise<void>((resolve) => (drained = resolve)) : Promise.resolve()),
  };
  return {
    sink,
    seqs,
    backUp: () => (backedUp = true),
    drain() {
      backedUp = false;
      drained?.();
    },
  };
}

/** A subscription to ROOM whose errors fail the test. */
function subscriptionOf(sink: SubscriptionSink, log: RoomLog, pacer = new ReplayPacer()): RoomSubscription {
  return new RoomSubscription(
    ROOM,
    sink,
    log,
    (error) => {
      throw error;
    },
    pacer,
  );
}

const turns = async (n = 20) => {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('RoomSubscription replays', () => {
  it('reads a long replay page by page and sends all of it in order', async () => {
    const { log, reads } = fakeLog(450);
    const out = fakeSink();
    subscriptionOf(out.sink, log).start(0);
    await turns();
    expect(out.seqs).toEqual(Array.from({ length: 450 }, (_, i) => i + 1));
    expect(reads.length).toBeGreaterThanOrEqual(Math.ceil(450 / REPLAY_PAGE_EVENTS));
    for (const read of reads) expect(read.limit).toBeLessThanOrEqual(REPLAY_PAGE_EVENTS);
  });

  it('reads the next page only once the socket has sent the previous one', async () => {
    const { log, reads } = fakeLog(450);
    const out = fakeSink();
    out.backUp();
    const subscription = subscriptionOf(out.sink, log);
    subscription.start(0);
    await turns();
    // One page went out; the socket is still sending it, so nothing more is read or queued.
    expect(out.seqs).toHaveLength(REPLAY_PAGE_EVENTS);
    expect(reads).toHaveLength(1);
    out.drain();
    await turns();
    expect(out.seqs).toEqual(Array.from({ length: 450 }, (_, i) => i + 1));
  });

  it('stops a paused replay when the subscription closes', async () => {
    const { log, reads } = fakeLog(450);
    const out = fakeSink();
    out.backUp();
    const subscription = subscriptionOf(out.sink, log);
    subscription.start(0);
    await turns();
    subscription.close();
    out.drain();
    await turns();
    expect(out.seqs).toHaveLength(REPLAY_PAGE_EVENTS);
    expect(reads).toHaveLength(1);
  });

  it('shares the event loop: many replays at once read at most the pacer pages per turn, and all finish', async () => {
    const pacer = new ReplayPacer(3);
    const readsPerTurn: number[] = [0];
    // Counts the reads made in each turn of the event loop.
    let counting = true;
    const tick = () => {
      if (!counting) return;
      readsPerTurn.push(0);
      setImmediate(tick);
    };
    setImmediate(tick);
    const sockets = Array.from({ length: 20 }, () => {
      const { log } = fakeLog(250);
      const counted: RoomLog = {
        lastSeq: log.lastSeq,
        eventsAfter(afterSeq, limit) {
          readsPerTurn[readsPerTurn.length - 1] = (readsPerTurn[readsPerTurn.length - 1] ?? 0) + 1;
          return log.eventsAfter(afterSeq, limit);
        },
      };
      const out = fakeSink();
      const subscription = subscriptionOf(out.sink, counted, pacer);
      subscription.start(0);
      return out;
    });
    await turns(200);
    counting = false;
    // 20 replays of three pages each: 60 reads, never more than 3 in a turn.
    expect(readsPerTurn.reduce((a, b) => a + b, 0)).toBe(60);
    expect(Math.max(...readsPerTurn)).toBeLessThanOrEqual(3);
    for (const out of sockets) expect(out.seqs).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(pacer.queued).toBe(0);
  });
});
