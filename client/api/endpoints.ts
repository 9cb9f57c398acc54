import type { MeDto, SiteConfigDto } from '../../shared/api/auth';
import type { DiscoveryListResponse } from '../../shared/api/discovery';
import type { OwnProfileDto, PublicProfileDto, UpdateProfileRequest } from '../../shared/api/profiles';
import type { MarkReadRequest, MarkReadResponse, UnreadSummaryResponse } from '../../shared/api/read-state';
import type { GoodFirstIssuesResponse, RepositoryDetailsDto } from '../../shared/api/repositories';
import type { SearchMessagesResponse } from '../../shared/api/search';
import type {
  JoinRoomRequest,
  JoinRoomResponse,
  MyRoomsResponse,
  RoomDetailsResponse,
  SiteStatsResponse,
} from '../../shared/api/rooms';
import { apiFetch, segment, withQuery, type Signal, signalOf } from './http';

/**
 * The JSON API calls of the client, typed with the shared contract: pages and hooks call these
 * instead of writing URLs. Errors are `ApiRequestError`s (client/api/http.ts). The chat room's own
 * calls are in chat-endpoints.ts, and a few areas have their own module beside this one, so that
 * every page's first load carries only these.
 */

export const api = {
  session: {
    me: () => apiFetch<MeDto>('/api/me'),
    signOut: () => apiFetch<void>('/api/auth/sign-out', { method: 'POST', body: {} }),
  },
  site: {
    config: () => apiFetch<SiteConfigDto>('/api/config'),
    stats: () => apiFetch<SiteStatsResponse>('/api/stats'),
  },
  profile: {
    own: (options?: Signal) => apiFetch<OwnProfileDto>('/api/profile', signalOf(options)),
    update: (edit: UpdateProfileRequest) => apiFetch<OwnProfileDto>('/api/profile', { method: 'PATCH', body: edit }),
    sync: () => apiFetch<OwnProfileDto>('/api/profile/sync', { method: 'POST', body: {} }),
    public: (idOrUsername: string, options?: Signal) =>
      apiFetch<PublicProfileDto>(`/api/users/${segment(idOrUsername)}`, signalOf(options)),
  },
  discovery: {
    list: (list: 'trending' | 'recent' | 'active', params: Record<string, string>) =>
      apiFetch<DiscoveryListResponse>(withQuery(`/api/discovery/${list}`, params)),
    search: (params: Record<string, string>) =>
      apiFetch<DiscoveryListResponse>(withQuery('/api/discovery/search', params)),
  },
  repos: {
    details: (owner: string, name: string, options?: Signal) =>
      apiFetch<RepositoryDetailsDto>(`/api/repos/${segment(owner)}/${segment(name)}`, signalOf(options)),
    goodFirstIssues: (owner: string, name: string, limit: number, options?: Signal) =>
      apiFetch<GoodFirstIssuesResponse>(
        `/api/repos/${segment(owner)}/${segment(name)}/good-first-issues?limit=${limit}`,
        signalOf(options),
      ),
  },
  rooms: {
    join: (body: JoinRoomRequest) => apiFetch<JoinRoomResponse>('/api/rooms/join', { method: 'POST', body }),
    details: (roomId: string, options?: Signal) =>
      apiFetch<RoomDetailsResponse>(`/api/rooms/${segment(roomId)}`, signalOf(options)),
    mine: (limit: number) => apiFetch<MyRoomsResponse>(`/api/me/rooms?limit=${limit}`),
  },

  search: {
    /** Messages matching `q`, newest first: in one room (`roomId`) or in every room of mine. */
    messages: (params: { q: string; roomId?: string | undefined; before?: string | undefined }, options?: Signal) =>
      apiFetch<SearchMessagesResponse>(
        withQuery('/api/search/messages', {
          q: params.q,
          ...(params.roomId ? { room_id: params.roomId } : {}),
          ...(params.before ? { before: params.before } : {}),
        }),
        signalOf(options),
      ),
  },
  readState: {
    unread: () => apiFetch<UnreadSummaryResponse>('/api/me/unread'),
    markRead: (roomId: string, messageId: string) =>
      apiFetch<MarkReadResponse>(`/api/rooms/${segment(roomId)}/read`, {
        method: 'PUT',
        body: { message_id: messageId } satisfies MarkReadRequest,
      }),
  },
};
