import type { RepoActivityDto } from '../../../../shared/api/repo-activity';

/** Where activity rows go among the loaded messages: before a message (by its id), or after the last. */
export interface ActivityPlacement {
  before: ReadonlyMap<string, readonly RepoActivityDto[]>;
  after: readonly RepoActivityDto[];
}

const NONE: ActivityPlacement = { before: new Map(), after: [] };

/**
 * Interleaves the rows with the messages by time, keeping only those inside the loaded window:
 * rows older than the first message wait for the older page, rows newer than the last wait for
 * the newer one.
 */
export function placeActivity(
  messages: ReadonlyArray<{ id: string; created_at: string }>,
  activity: readonly RepoActivityDto[],
  window: { hasOlder: boolean; hasNewer: boolean },
): ActivityPlacement {
  if (activity.length === 0) return NONE;
  const first = messages[0]?.created_at;
  const last = messages[messages.length - 1]?.created_at;
  const shown = activity.filter(
    (row) => !(window.hasOlder && first && row.at < first) && !(window.hasNewer && last && row.at > last),
  );
  const before = new Map<string, RepoActivityDto[]>();
  let next = 0;
  for (const message of messages) {
    const rows: RepoActivityDto[] = [];
    while (next < shown.length && (shown[next] as RepoActivityDto).at < message.created_at) {
      rows.push(shown[next] as RepoActivityDto);
      next += 1;
    }
    if (rows.length > 0) before.set(message.id, rows);
  }
  return { before, after: shown.slice(next) };
}
