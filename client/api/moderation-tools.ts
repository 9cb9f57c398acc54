import type {
  IgnoredUsersResponse,
  ModerationLogResponse,
  ReportMessageRequest,
  ReportsCountResponse,
  ReportsResponse,
} from '../../shared/api/moderation-tools';
import { apiFetch, segment, type Signal, signalOf } from './http';

/**
 * The moderation log, reports and ignored people. Kept apart from `endpoints.ts` so that only the
 * chat room and the profile settings, which use them, download them.
 */

export const moderationToolsApi = {
  log: (roomId: string, before: string | null, options?: Signal) =>
    apiFetch<ModerationLogResponse>(
      `/api/rooms/${segment(roomId)}/moderation-log${before ? `?before=${segment(before)}` : ''}`,
      signalOf(options),
    ),
  reports: (roomId: string, options?: Signal) =>
    apiFetch<ReportsResponse>(`/api/rooms/${segment(roomId)}/reports`, signalOf(options)),
  reportsCount: (roomId: string, options?: Signal) =>
    apiFetch<ReportsCountResponse>(`/api/rooms/${segment(roomId)}/reports/count`, signalOf(options)),
  report: (messageId: string, body: ReportMessageRequest) =>
    apiFetch<void>(`/api/messages/${segment(messageId)}/reports`, { method: 'POST', body }),
  dismissReport: (messageId: string) =>
    apiFetch<void>(`/api/messages/${segment(messageId)}/reports/dismiss`, { method: 'POST', body: {} }),
};

export const ignoredApi = {
  list: (options?: Signal) => apiFetch<IgnoredUsersResponse>('/api/me/ignored', signalOf(options)),
  ignore: (userId: string) => apiFetch<void>(`/api/me/ignored/${segment(userId)}`, { method: 'PUT', body: {} }),
  unignore: (userId: string) => apiFetch<void>(`/api/me/ignored/${segment(userId)}`, { method: 'DELETE', body: {} }),
};

export const IGNORED_QUERY_KEY = ['me', 'ignored'] as const;
