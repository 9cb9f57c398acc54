import type { AppContext } from '../../context';
import { oauthStatesRepository } from '../../db/repositories/oauth-states.repository';
import { profilesRepository } from '../../db/repositories/profiles.repository';
import { unsealToken } from '../../github/token-seal';
import { createProfileSyncService } from '../profiles/profile-sync.service';
import { createSignInSync } from '../profiles/sync-at-sign-in';
import { createAccountsService } from './accounts.service';
import { createOAuthFlowService } from './oauth-flow.service';

/**
 * What the sign-in routes use, built with their repositories: the OAuth web flow and the GitHub
 * sync that follows a sign-in.
 */
export function createSignInServices(
  ctx: Pick<AppContext, 'config' | 'database' | 'github' | 'sessions' | 'secret' | 'now' | 'logger' | 'rateLimiter'>,
) {
  const flow = createOAuthFlowService({
    oauth: ctx.github.oauth,
    states: oauthStatesRepository(ctx.database.db),
    accounts: createAccountsService(ctx.database.db, ctx.secret, ctx.now),
    sessions: ctx.sessions,
    redirectUri: `${ctx.config.publicUrl}/api/auth/github/callback`,
    logger: ctx.logger,
    now: ctx.now,
  });
  const profiles = profilesRepository(ctx.database.db);
  const syncAtSignIn = createSignInSync({
    sync: createProfileSyncService({
      db: ctx.database.db,
      github: ctx.github.api,
      rateLimiter: ctx.rateLimiter,
      now: ctx.now,
      unsealToken: (sealed) => unsealToken(ctx.secret, sealed),
    }),
    lastSyncedAt: async (userId) => (await profiles.findById(userId))?.github_synced_at ?? null,
    logger: ctx.logger,
    now: ctx.now,
  });
  return { flow, syncAtSignIn };
}
