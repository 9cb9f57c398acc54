import type { DatabaseHandle } from '../../../db/database';
import { readEventLog, type LoggedEvent } from './chat-fixture';
import type { RoomWatcher } from './room-watcher';
import { sleep } from './message-sender';

/** Polls until `check` returns true; gives up after `timeoutMs` and lets the assertions speak. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(200);
  }
}

/** Waits until every watcher has applied each room's log up to the stored last sequence. */
export async function waitForWatchers(
  handle: DatabaseHandle,
  watchers: RoomWatcher[],
  roomIds: string[],
  timeoutMs: number,
): Promise<Map<string, LoggedEvent[]>> {
  const logs = new Map<string, LoggedEvent[]>();
  for (const roomId of roomIds) logs.set(roomId, await readEventLog(handle, roomId));
  await waitUntil(
    () =>
      watchers.every((watcher) =>
        roomIds.every((roomId) => watcher.lastSeq(roomId) >= (logs.get(roomId)?.at(-1)?.seq ?? 0)),
      ),
    timeoutMs,
  );
  return logs;
}

/** A readable diff summary between what a watcher applied and the stored log. */
export function describeTranscript(
  events: Array<{ seq: number; type: string; messageId: string | undefined }>,
): string[] {
  return events.map((event) => `${event.seq}:${event.type}:${event.messageId ?? '-'}`);
}
