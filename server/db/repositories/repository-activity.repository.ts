import type { Kysely } from 'kysely';
import type { Database, RepositoryActivityPollsTable } from '../schema';

type Db = Kysely<Database>;

export type ActivityPollRow = RepositoryActivityPollsTable;

/** A room and the activity it shows, as the poller needs it. */
export interface ActivityRoomRow {
  id: string;
  repo_full_name: string;
  repo_key: string;
  activity_kinds: string;
}

/** Repositories whose polling state one statement reads (well under either engine's parameter limit). */
const POLL_READ_BATCH = 500;

/** Polling state of the repositories' events and the rooms that show them. */
export function repositoryActivityRepository(db: Db) {
  return {
    async findPoll(repoKey: string): Promise<ActivityPollRow | undefined> {
      return db.selectFrom('repository_activity_polls').selectAll().where('repo_key', '=', repoKey).executeTakeFirst();
    },

    /** Where polling stands for each of these repositories (those never polled are absent). */
    async findPolls(repoKeys: readonly string[]): Promise<Map<string, ActivityPollRow>> {
      const found = new Map<string, ActivityPollRow>();
      for (let i = 0; i < repoKeys.length; i += POLL_READ_BATCH) {
        const keys = repoKeys.slice(i, i + POLL_READ_BATCH);
        const rows = await db
          .selectFrom('repository_activity_polls')
          .selectAll()
          .where('repo_key', 'in', keys)
          .execute();
        for (const row of rows) found.set(row.repo_key, row);
      }
      return found;
    },

    async savePoll(row: ActivityPollRow): Promise<void> {
      await db
        .insertInto('repository_activity_polls')
        .values(row)
        .onConflict((conflict) =>
          conflict.column('repo_key').doUpdateSet({
            etag: row.etag,
            last_event_id: row.last_event_id,
            poll_interval_seconds: row.poll_interval_seconds,
            polled_at: row.polled_at,
          }),
        )
        .execute();
    },

    /**
     * Rooms whose repository is worth polling: those given (members online), and those with a
     * message since `sinceIso`; rooms set to Off are left out.
     */
    async roomsToWatch(onlineRoomIds: readonly string[], sinceIso: string): Promise<ActivityRoomRow[]> {
      return db
        .selectFrom('chat_rooms as r')
        .select(['r.id', 'r.repo_full_name', 'r.repo_key', 'r.activity_kinds'])
        .where('r.activity_kinds', '!=', '')
        .where((eb) =>
          eb.or([
            ...(onlineRoomIds.length > 0 ? [eb('r.id', 'in', [...onlineRoomIds])] : []),
            eb.and([
              eb('r.last_activity_at', '>', sinceIso),
              eb.exists(
                eb
                  .selectFrom('messages as m')
                  .select('m.id')
                  .whereRef('m.room_id', '=', 'r.id')
                  .where('m.created_at', '>', sinceIso),
              ),
            ]),
          ]),
        )
        .execute();
    },

    /** Every room of a repository that shows some activity. */
    async roomsOfRepository(repoKey: string): Promise<ActivityRoomRow[]> {
      return db
        .selectFrom('chat_rooms')
        .select(['id', 'repo_full_name', 'repo_key', 'activity_kinds'])
        .where('repo_key', '=', repoKey)
        .where('activity_kinds', '!=', '')
        .execute();
    },

    async setKinds(roomId: string, kinds: string): Promise<void> {
      await db.updateTable('chat_rooms').set({ activity_kinds: kinds }).where('id', '=', roomId).execute();
    },

    /** The room's newest activity rows as stored facts, newest first. */
    async listActivityEvents(roomId: string, limit: number): Promise<Array<{ payload: string }>> {
      return db
        .selectFrom('room_events')
        .select('payload')
        .where('room_id', '=', roomId)
        .where('type', '=', 'repo.activity')
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
