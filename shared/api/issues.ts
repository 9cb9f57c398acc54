import type { z } from 'zod';
import type { createIssueBody, createIssueResponse } from './issues.schemas';

/** POST /api/rooms/:roomId/issues {title, body, thread_root_id?} → 201 the issue and the thread's message. */
export type CreateIssueBody = z.infer<typeof createIssueBody>;
export type CreateIssueResponse = z.infer<typeof createIssueResponse>;

/** The error reason when the person's token may not open issues yet: the OAuth flow asks for the scope. */
export const ISSUE_SCOPE_NEEDED = 'scope_needed';

/** Why "Create issue" asks GitHub again, shown before leaving for GitHub. */
export const ISSUE_SCOPE_EXPLANATION =
  'To open the issue under your name, RepoRooms needs GitHub’s permission to write to public repositories (the "public_repo" scope). GitHub asks you once; your text is kept.';
