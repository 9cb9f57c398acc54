import type { Kysely } from 'kysely';
import { IGNORE_SELF, USER_NOT_FOUND, type IgnoredUsersResponse } from '../../../shared/api/moderation-tools';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { userIgnoresRepository } from '../../db/repositories/user-ignores.repository';
import type { Database } from '../../db/schema';
import { domainErrors } from '../../errors';
import { toUserSummaryDto } from '../messages/message.presenter';

/**
 * The people a user ignores: private to that user (no one else can read the list, and nothing
 * tells the ignored person). Their messages are collapsed by the user's client and their mentions
 * of the user are not counted (read-state).
 */
export function createIgnoresService({ db, now }: { db: Kysely<Database>; now: () => number }) {
  return {
    async list(userId: string): Promise<IgnoredUsersResponse> {
      const rows = await userIgnoresRepository(db).list(userId);
      return {
        users: rows.map((row) => ({
          user: toUserSummaryDto(row.id, row),
          ignored_at: row.created_at,
        })),
      };
    },

    async ignore(userId: string, ignoredUserId: string): Promise<void> {
      if (ignoredUserId === userId) throw domainErrors.invalid(IGNORE_SELF);
      if (!(await messagesRepository(db).findAuthor(ignoredUserId))) throw domainErrors.notFound(USER_NOT_FOUND);
      await userIgnoresRepository(db).add(userId, ignoredUserId, new Date(now()).toISOString());
    },

    async unignore(userId: string, ignoredUserId: string): Promise<void> {
      await userIgnoresRepository(db).remove(userId, ignoredUserId);
    },
  };
}

export type IgnoresService = ReturnType<typeof createIgnoresService>;
