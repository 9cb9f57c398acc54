import type { RoomEventRow } from '../../db/schema';
import { decodeFact, type RoomEventFact } from './room-event-facts';
import type { RoomEvent } from '../../../shared/realtime/protocol';

/** One logged event as sockets are sent it: `json` is the presented RoomEvent. */
export interface PresentedRoomEvent {
  seq: number;
  type: string;
  json: string;
}

interface Entry {
  /** The stored row it was presented from: a rewritten row (an edit, a tombstone) misses. */
  type: string;
  payload: string;
  json: Promise<string>;
  /** The presentation once it is there (a hit then costs no promise). */
  value: string | undefined;
  at: number;
}

export interface PresentedEventsOptions {
  present: (facts: RoomEventFact[]) => Promise<RoomEvent[]>;
  now: () => number;
  /** A presentation is served this long at most (profiles and quotes change without a new row). */
  lifetimeMs?: number;
  /** Entries kept in all, the rooms least recently read dropped first beyond it. */
  maxEntries?: number;
}

/**
 * This process's presentations of logged events, so that a replay presents each event once,
 * however many sockets replay it: sockets reading the same events at the same time share one
 * presentation, and later readers reuse it while the stored row is unchanged. An edit or delete
 * rewrites the rows it concerns (a miss); what it changes in other events' presentations (the
 * quotes of replies) is dropped with `forgetRoom`, which the realtime hub calls on every edit or
 * deletion it delivers and when this process stops watching the room.
 */
export function createPresentedEvents({
  present,
  now,
  lifetimeMs = 30_000,
  maxEntries = 20_000,
}: PresentedEventsOptions) {
  const rooms = new Map<string, Map<number, Entry>>();
  let size = 0;

  function roomEntries(roomId: string): Map<number, Entry> {
    const room = rooms.get(roomId) ?? new Map<number, Entry>();
    // Most recently read last: eviction takes rooms from the front.
    rooms.delete(roomId);
    rooms.set(roomId, room);
    return room;
  }

  function evict(): void {
    for (const [roomId, room] of rooms) {
      if (size <= maxEntries) return;
      size -= room.size;
      rooms.delete(roomId);
    }
  }

  return {
    async present(roomId: string, rows: readonly RoomEventRow[]): Promise<PresentedRoomEvent[]> {
      const room = roomEntries(roomId);
      const at = now();
      const missing: Array<{
        row: RoomEventRow;
        entry: Entry;
        settle: (json: string) => void;
        fail: (e: unknown) => void;
      }> = [];
      const jsons = rows.map((row): string | Promise<string> => {
        const seq = Number(row.seq);
        const hit = room.get(seq);
        if (hit && hit.type === row.type && hit.payload === row.payload && at - hit.at < lifetimeMs) {
          return hit.value ?? hit.json;
        }
        let settle: (json: string) => void = () => undefined;
        let fail: (error: unknown) => void = () => undefined;
        const json = new Promise<string>((resolve, reject) => {
          settle = resolve;
          fail = reject;
        });
        const entry: Entry = { type: row.type, payload: row.payload, json, value: undefined, at };
        if (!hit) size += 1;
        room.set(seq, entry);
        missing.push({ row, entry, settle, fail });
        return json;
      });
      if (missing.length > 0) {
        try {
          const events = await present(missing.map(({ row }) => decodeFact(row.type, row.payload)));
          missing.forEach((m, i) => {
            m.entry.value = JSON.stringify(events[i]);
            m.settle(m.entry.value);
          });
        } catch (error) {
          for (const m of missing) {
            const seq = Number(m.row.seq);
            if (rooms.get(roomId) === room && room.get(seq) === m.entry) {
              room.delete(seq);
              size -= 1;
            }
            m.fail(error);
          }
        }
        evict();
      }
      const presented = jsons.every((json) => typeof json === 'string') ? jsons : await Promise.all(jsons);
      return rows.map((row, i) => ({ seq: Number(row.seq), type: row.type, json: presented[i] as string }));
    },

    forgetRoom(roomId: string): void {
      const room = rooms.get(roomId);
      if (!room) return;
      size -= room.size;
      rooms.delete(roomId);
    },

    /** Entries held (for tests). */
    size: () => size,
  };
}

export type PresentedEvents = ReturnType<typeof createPresentedEvents>;
