import type { Kysely } from 'kysely';
import type { RoomEvent } from '../../../shared/realtime/protocol';
import type { Logger } from 'pino';
import type { EventBus } from '../../bus/event-bus';
import type { Database } from '../../db/schema';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import { roomEventsRepository } from '../../db/repositories/room-events.repository';
import { busChannels, publishOn } from '../../bus/channels';
import { domainErrors } from '../../errors';
import { engineOf } from '../../db/engine-of';
import { createGroupCommit } from './group-commit';
import { encodeFact, factOf } from './room-event-facts';

export interface SequencedEvent {
  seq: number;
  event: RoomEvent;
  /** The event as presented by the change; this text goes on the bus and into socket frames. */
  json: string;
}

export interface ChangeOutcome<T> {
  result: T;
  /** The room events this change caused (none for a no-op). */
  events: RoomEvent[];
}

export type RoomChangeFn<T> = (trx: Kysely<Database>, nowIso: string) => Promise<ChangeOutcome<T>>;

export const ROOM_NOT_FOUND = 'Chat room not found';

/**
 * Runs a change inside an open transaction: takes the room's lock (bumping last_activity_at and
 * reserving the next sequence number), applies the change, and appends the facts of its events
 * to the room's log with the next gap-free sequence numbers (room-event-facts.ts). The change
 * returns its events presented, as live sockets receive them: the caller publishes those after
 * commit, and replays present the stored facts again (room-event.presenter.ts).
 */
export async function applyChangeInTransaction<T>(
  trx: Kysely<Database>,
  roomId: string,
  nowIso: string,
  change: RoomChangeFn<T>,
): Promise<{ result: T; committed: SequencedEvent[] }> {
  const reserved = await roomsRepository(trx).lockAndReserveSeq(roomId, nowIso);
  if (reserved === undefined) throw domainErrors.notFound(ROOM_NOT_FOUND);
  const { result, events } = await change(trx, nowIso);
  const committed: SequencedEvent[] = [];
  let seq = reserved - 1;
  for (const event of events) {
    seq += 1;
    const json = JSON.stringify(event);
    await roomEventsRepository(trx).insert({
      room_id: roomId,
      seq,
      type: event.type,
      payload: encodeFact(factOf(event)),
      created_at: nowIso,
      message_id: shownMessageId(event),
    });
    committed.push({ seq, event, json });
  }
  // One event (the usual case) used exactly the reserved number; otherwise settle the count.
  if (seq !== reserved) await roomsRepository(trx).setLastSeq(roomId, seq);
  return { result, committed };
}

/**
 * The message whose text (or references) an event carries, kept with the event so edits and
 * deletes can rewrite it.
 */
function shownMessageId(event: RoomEvent): string | null {
  if (event.type === 'message.references') return event.message_id;
  return event.type === 'message.created' || event.type === 'message.updated' ? event.message.id : null;
}

class NoChange<T> {
  constructor(readonly result: T) {}
}

export interface RoomChangesDeps {
  db: Kysely<Database>;
  bus: EventBus;
  logger: Pick<Logger, 'warn'>;
  now: () => number;
  /** Called after a commit that created messages (their after-commit work, services/post-commit/). */
  afterCommit?: ((roomId: string) => void) | undefined;
}

/** Changes to rooms: each in its own transaction with its log events, published after commit. */
export function createRoomChanges({ db, bus, logger, now, afterCommit }: RoomChangesDeps) {
  // SQLite has one writer: changes arriving together commit together. PostgreSQL runs concurrent
  // transactions on its pool's connections.
  const groupCommit = engineOf(db) === 'sqlite' ? createGroupCommit(db, applyChangeInTransaction) : undefined;
  /**
   * Pushes committed events to every process, without holding up the request: the change is
   * already safe in the log. Best effort: a lost publish is repaired by the sequence numbers (the
   * next event, or the gateway's periodic check, reveals the gap and the log fills it).
   */
  function publish(roomId: string, events: SequencedEvent[]): void {
    if (afterCommit && events.some(({ event }) => event.type === 'message.created')) afterCommit(roomId);
    for (const { seq, event, json } of events) {
      publishOn(bus, busChannels.room(roomId), { kind: 'event', seq, type: event.type, json }).catch(
        (error: unknown) => {
          logger.warn({ err: error, roomId, seq }, 'room event publish failed; clients will catch up from the log');
        },
      );
    }
  }

  return {
    publish,

    /**
     * One room change in its own transaction, published on the bus after commit. A change that
     * produces no event is rolled back entirely, so a no-op does not even touch last_activity_at.
     */
    async commit<T>(roomId: string, change: RoomChangeFn<T>): Promise<T> {
      return (await this.commitSequenced(roomId, change)).result;
    },

    /** `commit`, also answering the sequence of the change's first event (none: nothing changed). */
    async commitSequenced<T>(roomId: string, change: RoomChangeFn<T>): Promise<{ result: T; firstSeq?: number }> {
      const nowIso = new Date(now()).toISOString();
      if (groupCommit) {
        const applied = await groupCommit.apply(roomId, nowIso, change);
        if (applied.committed.length > 0) publish(roomId, applied.committed);
        return sequenced(applied);
      }
      let outcome: { result: T; committed: SequencedEvent[] };
      try {
        outcome = await db.transaction().execute(async (trx) => {
          const applied = await applyChangeInTransaction(trx, roomId, nowIso, change);
          if (applied.committed.length === 0) throw new NoChange(applied.result);
          return applied;
        });
      } catch (error) {
        if (error instanceof NoChange) return { result: error.result as T };
        throw error;
      }
      publish(roomId, outcome.committed);
      return sequenced(outcome);
    },
  };
}

export type RoomChanges = ReturnType<typeof createRoomChanges>;

function sequenced<T>(applied: { result: T; committed: SequencedEvent[] }): { result: T; firstSeq?: number } {
  const first = applied.committed[0];
  return first ? { result: applied.result, firstSeq: first.seq } : { result: applied.result };
}
