import { z } from 'zod';
import { timestamp } from './common.schemas';
import { ACTIVITY_KINDS } from './repo-activity';

export const activityKind = z.enum(ACTIVITY_KINDS, {
  error: `each kind must be one of ${ACTIVITY_KINDS.join(', ')}`,
});

export const repoActivityDto = z
  .strictObject({
    id: z.string().describe("GitHub's id of the event the row comes from."),
    kind: activityKind,
    actor: z.string().describe('Login of who did it.'),
    number: z.number().int().positive().nullable().describe('The pull request or issue (merge, issue).'),
    title: z.string().nullable().describe('Its title (merge, issue).'),
    tag: z.string().nullable().describe('The release tag (release).'),
    branch: z.string().nullable().describe('The branch pushed to (push).'),
    commits: z.number().int().nonnegative().nullable().describe('How many commits were pushed (push).'),
    url: z.string().describe('The page on GitHub.'),
    at: timestamp.describe('When it happened on GitHub.'),
  })
  .meta({ id: 'RepoActivity', description: "A row of the repository's activity in the room's timeline." });

export const roomActivityBody = z.object({
  kinds: z.array(activityKind).max(ACTIVITY_KINDS.length, 'kinds lists each kind at most once'),
});
export const roomActivityResponse = z.strictObject({ kinds: z.array(activityKind) });
export const roomActivityListResponse = z.strictObject({
  kinds: z.array(activityKind),
  activity: z.array(repoActivityDto).describe('The newest rows, oldest first.'),
});
