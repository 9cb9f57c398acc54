import type { EventBus } from '../../bus/event-bus';
import type { Infrastructure } from '../../context';
import { oauthStatesRepository } from '../../db/repositories/oauth-states.repository';
import { profilesRepository } from '../../db/repositories/profiles.repository';
import type { ProfileSyncService } from '../profiles/profile-sync.service';
import { createSignInSync } from '../profiles/sync-at-sign-in';
import { busChannels, publishOn } from '../../bus/channels';
import type { SessionsService } from '../sessions.service';
import { createAccountsService } from './accounts.service';
import { createOAuthFlowService } from './oauth-flow.service';

export interface SignInServicesDeps extends Pick<
  Infrastructure,
  'config' | 'database' | 'github' | 'secret' | 'now' | 'logger'
> {
  sessions: SessionsService;
  profileSync: ProfileSyncService;
  bus: EventBus;
}

/**
 * What the sign-in routes use, built with their repositories: the OAuth web flow, the GitHub
 * sync that follows a sign-in, and sign-out.
 */
export function createSignInServices({
  config,
  database,
  github,
  secret,
  now,
  logger,
  sessions,
  profileSync,
  bus,
}: SignInServicesDeps) {
  const flow = createOAuthFlowService({
    oauth: github.oauth,
    states: oauthStatesRepository(database.db),
    accounts: createAccountsService(database.db, secret, now),
    sessions,
    redirectUri: `${config.publicUrl}/api/auth/github/callback`,
    logger,
    now,
  });
  const profiles = profilesRepository(database.db);
  const syncAtSignIn = createSignInSync({
    sync: profileSync,
    lastSyncedAt: async (userId) => (await profiles.findById(userId))?.github_synced_at ?? null,
    logger,
    now,
  });
  /** The session is gone, and every process closes its sockets at once (4001). */
  async function signOut(sessionId: string): Promise<void> {
    await sessions.destroy(sessionId);
    await publishOn(bus, busChannels.sessions, { type: 'session.ended', session_id: sessionId });
  }
  return { flow, syncAtSignIn, signOut };
}

export type SignInServices = ReturnType<typeof createSignInServices>;
