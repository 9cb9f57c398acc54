import type { Kysely } from 'kysely';
import type { GitHubReferenceDto } from '../../../shared/github-references';
import type { Database } from '../schema';

type Db = Kysely<Database>;

/** A message's resolved GitHub references and when GitHub was last asked about them. */
export interface StoredReferences {
  message_id: string;
  room_id: string;
  refs: GitHubReferenceDto[];
  checked_at: string;
}

/** GitHub references of messages (db may be a transaction). */
export function messageReferencesRepository(db: Db) {
  return {
    /** The stored references of these messages, by message id (messages without any are absent). */
    async listFor(messageIds: readonly string[]): Promise<Map<string, StoredReferences>> {
      const found = new Map<string, StoredReferences>();
      if (messageIds.length === 0) return found;
      const rows = await db
        .selectFrom('message_references')
        .selectAll()
        .where('message_id', 'in', [...messageIds])
        .execute();
      for (const row of rows) found.set(row.message_id, { ...row, refs: parseRefs(row.refs) });
      return found;
    },

    async find(messageId: string): Promise<StoredReferences | undefined> {
      return (await this.listFor([messageId])).get(messageId);
    },

    /** Writes (or replaces) a message's references in one statement. */
    async save(stored: StoredReferences): Promise<void> {
      const refs = JSON.stringify(stored.refs);
      await db
        .insertInto('message_references')
        .values({ message_id: stored.message_id, room_id: stored.room_id, refs, checked_at: stored.checked_at })
        .onConflict((oc) => oc.column('message_id').doUpdateSet({ refs, checked_at: stored.checked_at }))
        .execute();
    },

    async delete(messageId: string): Promise<void> {
      await db.deleteFrom('message_references').where('message_id', '=', messageId).execute();
    },
  };
}

function parseRefs(text: string): GitHubReferenceDto[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as GitHubReferenceDto[]) : [];
  } catch {
    return [];
  }
}
