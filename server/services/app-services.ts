import { randomUUID } from 'node:crypto';
import { busChannels, subscribeTo } from '../bus/channels';
import type { Infrastructure } from '../context';
import { sessionsRepository } from '../db/repositories/sessions.repository';
import { unsealToken } from '../github/token-seal';
import { createMeService } from './auth/me.service';
import { createSignInServices } from './auth/sign-in.services';
import { createDiscoveryService } from './discovery/discovery.service';
import { createRepositoryDetailsService } from './discovery/repository-details.service';
import { createVisitorSearchShare } from './discovery/visitor-search-share';
import { checkDependencies } from './health/dependency-health';
import { createMessagesService } from './messages/messages.service';
import { createAttachmentsService } from './attachments/attachments.service';
import { createMessageReferencesService } from './messages/message-references.service';
import { referenceWebUrls } from '../../shared/github-references';
import { createMemberRolesService } from './moderation/member-roles.service';
import { createModerationService } from './moderation/moderation.service';
import { createPinsService } from './moderation/pins.service';
import { createReportsService } from './moderation/reports.service';
import { createRoomStandingService } from './moderation/room-standing.service';
import { createIgnoresService } from './ignores/ignores.service';
import { createReactionsService } from './messages/reactions.service';
import { createMemoryPresenceStore } from './presence/presence-store';
import { createRedisPresenceStore } from './presence/redis-presence-store';
import { createRoomActivityService } from './repo-activity/room-activity.service';
import { createCodePreviewService } from './messages/code-preview.service';
import { createIssueService } from './issues/create-issue.service';
import { createProfileSyncService } from './profiles/profile-sync.service';
import { createProfilesService } from './profiles/profiles.service';
import { createPublicProfilesService } from './profiles/public-profiles.service';
import { createUsernameRules } from './profiles/username-rules';
import { createReadStateService } from './read-state/read-state.service';
import { createMessageSearchService } from './search/message-search.service';
import { createRoomEventLogService } from './room-events/room-event-log.service';
import { createRoomChanges } from './room-events/room-change';
import { createPostCommitApplier } from './post-commit/post-commit-applier';
import { createChatRateLimits } from './rooms/chat-rate-limits';
import { createRepositoryCheck } from './rooms/repository-check';
import { createRoomsService } from './rooms/rooms.service';
import { createMemberListCache } from './rooms/member-list-cache';
import { createRoomStateService } from './rooms/room-state.service';
import { createThreadsService } from './threads/threads.service';
import { createMailService } from './mail/mail.service';
import { createActivityAnnouncer, createThreadReplyAnnouncer } from './messages/message-activity';
import { createHeldMessagesService } from './protection/held-messages.service';
import { createHeldNotices } from './protection/held-notices';
import { createProtectionService } from './protection/protection.service';
import { createArchiveService } from './archive/archive.service';
import { createArchiveSettingsService } from './archive/archive-settings.service';
import { createSessionsService, type SessionsService } from './sessions.service';
import { createSiteStatsService } from './stats/site-stats.service';

/**
 * Every service of the process, each built once with its dependencies spelled out. app.ts calls
 * this and hands the result to the routes and the realtime gateway, which see services only.
 */
export function buildAppServices(infra: Infrastructure) {
  const { config, database, bus, rateLimiter, github, files, logger, secret, now } = infra;
  const db = database.db;

  const sessions = createSessionsService(sessionsRepository(db), now);
  forgetEndedSessions(infra, sessions);
  const profileSync = createProfileSyncService({
    db,
    github: github.api,
    rateLimiter,
    now,
    unsealToken: (sealed) => unsealToken(secret, sealed),
  });
  // Search words, mentions and read positions of new messages: applied in batches after the commit.
  const postCommit = createPostCommitApplier({ db, logger, delayMs: config.postCommitDelayMs });
  postCommit.start();
  infra.onClose(() => postCommit.stop());
  const changes = createRoomChanges({ db, bus, logger, now, afterCommit: postCommit.notify });
  const limits = createChatRateLimits({ rateLimiter, logger });
  const memberRoles = createMemberRolesService({
    db,
    github: github.api,
    changes,
    unsealToken: (sealed) => unsealToken(secret, sealed),
    logger,
    now,
  });

  const references = createMessageReferencesService({
    db,
    changes,
    github: github.api,
    webUrls: referenceWebUrls(github.webUrl),
    ttlSeconds: config.github.cacheTtlSeconds,
    logger,
    now,
    rateLimiter,
  });
  // No reference is written after the database closes.
  infra.onClose(() => references.settled());

  const attachments = createAttachmentsService({ db, files, limits, roles: memberRoles, logger, now });

  const presence = infra.redis ? createRedisPresenceStore(infra.redis, randomUUID()) : createMemoryPresenceStore();
  const mail = createMailService({ db, config, logger, presence, now, caughtUp: postCommit.flush });
  mail.start();
  // No job runs after the database closes.
  infra.onClose(() => mail.stop());
  const afterCreated = mail.afterMessage;

  const protection = createProtectionService({
    db,
    changes,
    roles: memberRoles,
    limits,
    github: github.api,
    logger,
    now,
  });
  const heldMessages = createHeldMessagesService({
    db,
    changes,
    roles: memberRoles,
    limits,
    announce: createActivityAnnouncer({ bus, logger, afterCreated }),
    announceThreadReply: createThreadReplyAnnouncer({ bus, logger }),
    references,
    heldChanged: createHeldNotices({ db, bus, logger }),
    now,
  });
  const messages = createMessagesService({
    db,
    changes,
    limits,
    roles: memberRoles,
    bus,
    logger,
    now,
    references,
    attachments,
    protection: { screen: protection.screen, hold: heldMessages.hold },
    afterCreated,
  });

  return {
    postCommit,
    sessions,
    signIn: createSignInServices({ config, database, github, secret, now, logger, sessions, profileSync, bus }),
    me: createMeService(db),
    profiles: createProfilesService({
      db,
      usernames: createUsernameRules({ db, github: github.api, limits, logger, now }),
      now,
    }),
    profileSync,
    publicProfiles: createPublicProfilesService(db),
    discovery: createDiscoveryService({ database, github, logger, now }),
    repositoryDetails: createRepositoryDetailsService({ github, logger }),
    rooms: createRoomsService({
      db,
      changes,
      limits,
      verifiedRepositoryName: createRepositoryCheck({ github: github.api, logger }),
      roles: memberRoles,
      bus,
      logger,
      now,
    }),
    messages,
    issues: createIssueService({
      db,
      issues: github.issues,
      messages,
      unsealToken: (sealed) => unsealToken(secret, sealed),
    }),
    attachments,
    mail,
    protection,
    heldMessages,
    messageReferences: references,
    reactions: createReactionsService({ db, changes, limits, now }),
    readState: createReadStateService({ db, bus, logger }),
    messageSearch: createMessageSearchService({
      db,
      searchReader: database.searchReader,
      limits,
      budgetMs: infra.searchBudgetMs,
    }),
    memberRoles,
    moderation: createModerationService({ db, changes, roles: memberRoles, limits, now }),
    codePreviews: createCodePreviewService({
      db,
      github: github.api,
      webUrls: referenceWebUrls(github.webUrl),
      webUrl: github.webUrl,
      rateLimiter,
    }),
    roomActivity: createRoomActivityService({ db, changes, roles: memberRoles, limits }),
    pins: createPinsService({ db, changes, roles: memberRoles, limits }),
    threads: createThreadsService({ db, changes, roles: memberRoles, limits }),
    archive: createArchiveService({ db, presence }),
    archiveSettings: createArchiveSettingsService({ db, now, roles: memberRoles, limits }),
    reports: createReportsService({ db, bus, limits, roles: memberRoles, logger, now }),
    ignores: createIgnoresService({ db, now }),
    roomEventLog: createRoomEventLogService(db, now),
    roomStanding: createRoomStandingService({ db, now }),
    /** Who is online: this process's sockets, merged across processes through Redis when set. */
    presence,
    roomState: createRoomStateService({
      db,
      roles: memberRoles,
      presence,
      logger,
      references,
      memberLists: createMemberListCache({ now }),
    }),
    siteStats: createSiteStatsService({ db, now }),
    /** Counters for the limits routes apply to visitors and sockets (shared through Redis when set). */
    rateLimiter,
    /** Each visitor's share of the visitors' GitHub search pool. */
    visitorSearchShare: createVisitorSearchShare({ rateLimiter, quota: () => github.api.quota() }),
    health: { check: () => checkDependencies({ database, bus }) },
  };
}

export type AppServices = ReturnType<typeof buildAppServices>;

/** A session signed out on any process stops resolving from this process's memory at once. */
function forgetEndedSessions({ bus, logger, onClose }: Infrastructure, sessions: SessionsService): void {
  const subscription = subscribeTo(bus, busChannels.sessions, (message) => sessions.forget(message.session_id)).catch(
    (error: unknown) => {
      logger.warn({ err: error }, 'sessions channel subscription failed');
      return undefined;
    },
  );
  onClose(async () => {
    const unsubscribe = await subscription;
    await unsubscribe?.().catch(() => undefined);
  });
}
