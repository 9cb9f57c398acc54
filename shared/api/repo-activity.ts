import type { z } from 'zod';
import type { repoActivityDto, roomActivityBody, roomActivityListResponse } from './repo-activity.schemas';

/**
 * What of the repository's activity a room shows as rows of its timeline (docs/PRODUCT.md §19):
 * moderators choose the kinds in the header's "Activity" control; none is "Off".
 */
export const ACTIVITY_KINDS = ['release', 'merge', 'issue', 'push'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const DEFAULT_ACTIVITY_KINDS: readonly ActivityKind[] = ['release', 'merge'];

/** The labels of the "Activity" control. */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  release: 'Releases',
  merge: 'Merged pull requests',
  issue: 'New issues',
  push: 'Pushes to the default branch',
};
export const ACTIVITY_OFF_LABEL = 'Off';

/** Activity rows a room page loads with its messages (the newest ones). */
export const ACTIVITY_PAGE_SIZE = 100;

/** One thing that happened in the repository, as a timeline row shows it. */
export type RepoActivityDto = z.infer<typeof repoActivityDto>;
/** PUT /api/rooms/:roomId/activity {kinds} → 200 {kinds} (moderators; room.activity_changed event). */
export type RoomActivityBody = z.infer<typeof roomActivityBody>;
/** GET /api/rooms/:roomId/activity → 200 {kinds, activity: newest last}. */
export type RoomActivityListResponse = z.infer<typeof roomActivityListResponse>;

/** The row's sentence after the actor's name ("released v1.2.0", "pushed 3 commits to main"). */
export function activitySentence(activity: RepoActivityDto): string {
  switch (activity.kind) {
    case 'release':
      return `released ${activity.tag ?? ''}`.trim();
    case 'merge':
      return `merged pull request #${activity.number ?? ''} ${activity.title ?? ''}`.trim();
    case 'issue':
      return `opened issue #${activity.number ?? ''} ${activity.title ?? ''}`.trim();
    case 'push': {
      const commits = activity.commits;
      // GitHub's trimmed push events no longer say how many commits they carried.
      if (commits === null) return `pushed to ${activity.branch ?? ''}`.trim();
      return `pushed ${commits} ${commits === 1 ? 'commit' : 'commits'} to ${activity.branch ?? ''}`.trim();
    }
    default:
      return activity.kind satisfies never;
  }
}

/** The kinds stored as one text column ("release,merge"; "" is Off), read back in their order. */
export function parseActivityKinds(stored: string): ActivityKind[] {
  const chosen = new Set(stored.split(','));
  return ACTIVITY_KINDS.filter((kind) => chosen.has(kind));
}
