import { expect } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { countMessagesByClientId, type LoggedEvent } from './chat-fixture';
import { describeTranscript, waitForWatchers } from './convergence';
import type { SenderLog } from './message-sender';
import type { RoomWatcher } from './room-watcher';

/**
 * Nothing lost, nothing duplicated: every message a sender tried was acknowledged, is stored
 * exactly once under its client_id and with the id the acknowledgement named, and nothing else is.
 */
export async function expectEveryAcknowledgedMessageStoredOnce(
  handle: DatabaseHandle,
  log: SenderLog,
  roomIds: string[],
): Promise<void> {
  expect(log.acknowledged.size).toBe(log.tried.size);
  const counts = await countMessagesByClientId(handle, roomIds);
  const wrongCounts = [...log.acknowledged.keys()].filter((clientId) => counts.get(clientId) !== 1);
  expect(wrongCounts.map((id) => `${id}×${counts.get(id) ?? 0}`)).toEqual([]);
  const strangers = [...counts.keys()].filter((clientId) => !log.tried.has(clientId));
  expect(strangers).toEqual([]);
  const stored = await handle.db
    .selectFrom('messages')
    .select(['id', 'client_id'])
    .where('room_id', 'in', roomIds)
    .execute();
  const idByClientId = new Map(stored.map((row) => [row.client_id, row.id]));
  const mismatched = [...log.acknowledged].filter(([clientId, messageId]) => idByClientId.get(clientId) !== messageId);
  expect(mismatched).toEqual([]);
}

/** The log is gap-free (1..N), N is the room's counter, and holds one message.created per message. */
export async function expectGapFreeLog(handle: DatabaseHandle, roomId: string, log: LoggedEvent[]): Promise<void> {
  expect(log.map((event) => event.seq)).toEqual(log.map((_, index) => index + 1));
  const room = await handle.db
    .selectFrom('chat_rooms')
    .select('last_seq')
    .where('id', '=', roomId)
    .executeTakeFirstOrThrow();
  expect(Number(room.last_seq)).toBe(log.length);
  const messages = await handle.db.selectFrom('messages').select('id').where('room_id', '=', roomId).execute();
  const created = log.filter((event) => event.type === 'message.created').map((event) => event.messageId);
  expect([...created].sort()).toEqual(messages.map((row) => row.id).sort());
}

/** Every watcher holds exactly the stored log of every room, in order. */
export async function expectWatchersConverged(
  handle: DatabaseHandle,
  watchers: RoomWatcher[],
  roomIds: string[],
  timeoutMs = 30_000,
): Promise<Map<string, LoggedEvent[]>> {
  const logs = await waitForWatchers(handle, watchers, roomIds, timeoutMs);
  for (const roomId of roomIds) {
    const expected = describeTranscript(logs.get(roomId) ?? []);
    for (const watcher of watchers) {
      expect(describeTranscript(watcher.applied.get(roomId) ?? [])).toEqual(expected);
    }
  }
  return logs;
}
