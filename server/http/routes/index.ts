import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../route-deps';
import { healthRoutes } from './health/health.routes';
import { authRoutes } from './auth/auth.routes';
import { meRoutes } from './me/me.routes';
import { siteRoutes } from './site/site.routes';
import { profilesRoutes } from './profiles/profiles.routes';
import { discoveryRoutes } from './discovery/discovery.routes';
import { reposRoutes } from './repos/repos.routes';
import { roomsRoutes } from './rooms/rooms.routes';
import { roomStateRoutes } from './rooms/room-state.routes';
import { messagesRoutes } from './messages/messages.routes';
import { moderationRoutes } from './moderation/moderation.routes';
import { moderationToolsRoutes } from './moderation/moderation-tools.routes';
import { repoActivityRoutes } from './repo-activity/repo-activity.routes';
import { codePreviewRoutes } from './messages/code-preview.routes';
import { createIssueRoutes } from './messages/create-issue.routes';
import { statsRoutes } from './stats/stats.routes';
import { readStateRoutes } from './read-state/read-state.routes';
import { searchRoutes } from './search/search.routes';
import { threadsRoutes } from './threads/threads.routes';
import { attachmentsRoutes } from './attachments/attachments.routes';
import { protectionRoutes } from './protection/protection.routes';
import { mailRoutes } from './mail/mail.routes';
import { outboxRoutes } from './mail/outbox.routes';
import { archiveSettingsRoutes } from './archive-settings/archive-settings.routes';

type RouteModule = (app: FastifyInstance, deps: RouteDeps) => Promise<void>;

/** Every route module of the JSON API. */
const routeModules: RouteModule[] = [
  healthRoutes,
  authRoutes,
  meRoutes,
  siteRoutes,
  profilesRoutes,
  discoveryRoutes,
  reposRoutes,
  roomsRoutes,
  roomStateRoutes,
  messagesRoutes,
  moderationRoutes,
  moderationToolsRoutes,
  repoActivityRoutes,
  codePreviewRoutes,
  createIssueRoutes,
  readStateRoutes,
  searchRoutes,
  threadsRoutes,
  attachmentsRoutes,
  protectionRoutes,
  mailRoutes,
  outboxRoutes,
  archiveSettingsRoutes,
  statsRoutes,
];

export async function registerApiRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  for (const register of routeModules) await register(app, deps);
}
