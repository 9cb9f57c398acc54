import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CreateIssueBody, CreateIssueResponse } from '../../../shared/api/issues';
import { ISSUE_SCOPE_NEEDED } from '../../../shared/api/issues';
import { membersRepository } from '../../db/repositories/members.repository';
import { profilesRepository } from '../../db/repositories/profiles.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import type { Database } from '../../db/schema';
import { DomainError, domainErrors } from '../../errors';
import { IssueRefusedError, type IssueRefusal, type IssueWriter } from '../../github/issue-writer';
import type { MessagesService } from '../messages/messages.service';

export interface CreateIssueDeps {
  db: Kysely<Database>;
  issues: IssueWriter;
  messages: Pick<MessagesService, 'send'>;
  unsealToken(sealed: string): string | null;
}

function refusalError(refusal: IssueRefusal, repo: string): DomainError {
  switch (refusal) {
    case 'scope_needed':
      return new DomainError('forbidden', 'GitHub needs your permission before RepoRooms can open issues for you', {
        reason: ISSUE_SCOPE_NEEDED,
      });
    case 'forbidden':
      return new DomainError('forbidden', `GitHub does not let you open issues in ${repo}`, {
        reason: 'no_permission',
      });
    case 'issues_disabled':
      return domainErrors.conflict(`Issues are disabled for ${repo} on GitHub`, 'issues_disabled');
    case 'quota':
      return domainErrors.rateLimited("GitHub's rate limit is reached: try again in a few minutes", 60);
    case 'not_found':
      return domainErrors.notFound(`GitHub did not find ${repo}, or it is private to you`);
    case 'invalid':
      return domainErrors.invalid('GitHub refused the title or the description');
    default:
      return domainErrors.unavailable('GitHub is unavailable right now: your text is kept, try again');
  }
}

/**
 * "Create issue": opens an issue in the room's repository with the member's own token (never the
 * server's), then posts "{name} opened issue #N" in the thread it came from, where the reference
 * shows the issue's title and state live. Whatever GitHub refuses is said in words the person
 * can act on; the text stays with them (the client keeps the dialog open).
 */
export function createIssueService({ db, issues, messages, unsealToken }: CreateIssueDeps) {
  return {
    async create(userId: string, roomId: string, input: CreateIssueBody): Promise<CreateIssueResponse> {
      const room = await roomsRepository(db).findById(roomId);
      if (!room) throw domainErrors.notFound('Chat room not found');
      const membership = await membersRepository(db).findActiveRole(roomId, userId);
      if (!membership) throw domainErrors.forbidden('You are not a member of this room');
      const profile = await profilesRepository(db).findById(userId);
      const token = profile?.github_token_sealed ? unsealToken(profile.github_token_sealed) : null;
      if (!profile || !token) {
        throw new DomainError('forbidden', 'Sign in with GitHub again to open issues', { reason: ISSUE_SCOPE_NEEDED });
      }
      let created;
      try {
        created = await issues.create(room.repo_full_name, token, { title: input.title, body: input.body });
      } catch (error) {
        if (error instanceof IssueRefusedError) throw refusalError(error.refusal, room.repo_full_name);
        throw error;
      }
      const name = profile.display_name || profile.username || profile.github_username || 'Someone';
      let messageId: string | null = null;
      if (input.thread_root_id) {
        const sent = await messages
          .send(userId, roomId, {
            client_id: `issue-${randomUUID()}`,
            content: `${name} opened issue #${created.number}`,
            thread_root_id: input.thread_root_id,
          })
          .catch(() => null);
        messageId = sent && 'message' in sent ? sent.message.id : null;
      }
      return { ...created, message_id: messageId };
    },
  };
}
