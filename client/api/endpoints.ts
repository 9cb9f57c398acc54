import type { MeDto, SiteConfigDto } from '../../shared/api/auth';
import type { DiscoveryListResponse } from '../../shared/api/discovery';
import type { OwnProfileDto, PublicProfileDto, UpdateProfileRequest } from '../../shared/api/profiles';
import type { MarkReadRequest, MarkReadResponse, UnreadSummaryResponse } from '../../shared/api/read-state';
import type { GoodFirstIssuesResponse, RepositoryDetailsDto } from '../../shared/api/repositories';
import type { SearchMessagesResponse } from '../../shared/api/search';
import type {
  JoinRoomRequest,
  JoinRoomResponse,
  MembersResponse,
  MessageResponse,
  MessagesPageResponse,
  EditMessageRequest,
  MyRoomsResponse,
  RoomDetailsResponse,
  SendMessageRequest,
  SiteStatsResponse,
  BansResponse,
  MuteDuration,
  MuteResponse,
  PinsResponse,
  SlowModeResponse,
  TopicResponse,
  ToggleReactionRequest,
  ToggleReactionResponse,
} from '../../shared/api/rooms';
import type { ActivityKind, RoomActivityListResponse } from '../../shared/api/repo-activity';
import type { CodePreviewResponse } from '../../shared/api/code-preview';
import type { CreateIssueBody, CreateIssueResponse } from '../../shared/api/issues';
import { apiFetch } from './http';

/**
 * Every JSON API call of the client, typed with the shared contract: pages and hooks call these
 * instead of writing URLs. Errors are `ApiRequestError`s (client/api/http.ts).
 */

const segment = encodeURIComponent;
const withQuery = (path: string, params: Record<string, string>) => {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
};

type Signal = { signal?: AbortSignal | undefined };
const signalOf = (options: Signal = {}) => (options.signal ? { signal: options.signal } : {});

/** Which page of a room's history (see MessagesPageResponse). */
export type MessagePagePosition = { before: string } | { after: string } | { around: string } | undefined;

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
    joinById: (roomId: string) =>
      apiFetch<JoinRoomResponse>(`/api/rooms/${segment(roomId)}/join`, { method: 'POST', body: {} }),
    leave: (roomId: string) => apiFetch<void>(`/api/rooms/${segment(roomId)}/leave`, { method: 'POST', body: {} }),
    mute: (roomId: string, userId: string, duration: MuteDuration) =>
      apiFetch<MuteResponse>(`/api/rooms/${segment(roomId)}/mutes`, {
        method: 'POST',
        body: { user_id: userId, duration },
      }),
    setTopic: (roomId: string, topic: string) =>
      apiFetch<TopicResponse>(`/api/rooms/${segment(roomId)}/topic`, { method: 'PUT', body: { topic } }),
    activity: (roomId: string, options?: Signal) =>
      apiFetch<RoomActivityListResponse>(`/api/rooms/${segment(roomId)}/activity`, signalOf(options)),
    codePreview: (roomId: string, url: string, options?: Signal) =>
      apiFetch<CodePreviewResponse>(
        withQuery(`/api/rooms/${segment(roomId)}/code-preview`, { url }),
        signalOf(options),
      ),
    createIssue: (roomId: string, body: CreateIssueBody) =>
      apiFetch<CreateIssueResponse>(`/api/rooms/${segment(roomId)}/issues`, { method: 'POST', body }),
    setActivity: (roomId: string, kinds: readonly ActivityKind[]) =>
      apiFetch<{ kinds: ActivityKind[] }>(`/api/rooms/${segment(roomId)}/activity`, { method: 'PUT', body: { kinds } }),
    setSlowMode: (roomId: string, seconds: number) =>
      apiFetch<SlowModeResponse>(`/api/rooms/${segment(roomId)}/slow-mode`, { method: 'PUT', body: { seconds } }),
    pins: (roomId: string, options?: Signal) =>
      apiFetch<PinsResponse>(`/api/rooms/${segment(roomId)}/pins`, signalOf(options)),
    bans: (roomId: string, options?: Signal) =>
      apiFetch<BansResponse>(`/api/rooms/${segment(roomId)}/bans`, signalOf(options)),
    ban: (roomId: string, userId: string) =>
      apiFetch<void>(`/api/rooms/${segment(roomId)}/bans`, { method: 'POST', body: { user_id: userId } }),
    unban: (roomId: string, userId: string) =>
      apiFetch<void>(`/api/rooms/${segment(roomId)}/bans/${segment(userId)}`, { method: 'DELETE', body: {} }),
    unmute: (roomId: string, userId: string) =>
      apiFetch<void>(`/api/rooms/${segment(roomId)}/mutes/${segment(userId)}`, { method: 'DELETE', body: {} }),
    details: (roomId: string, options?: Signal) =>
      apiFetch<RoomDetailsResponse>(`/api/rooms/${segment(roomId)}`, signalOf(options)),
    members: (roomId: string, options?: Signal) =>
      apiFetch<MembersResponse>(`/api/rooms/${segment(roomId)}/members`, signalOf(options)),
    mine: (limit: number) => apiFetch<MyRoomsResponse>(`/api/me/rooms?limit=${limit}`),
  },
  messages: {
    page: (roomId: string, limit: number, position?: MessagePagePosition, options?: Signal) => {
      const params: Record<string, string> = { limit: String(limit) };
      if (position && 'before' in position) params.before = position.before;
      if (position && 'after' in position) params.after = position.after;
      if (position && 'around' in position) params.around = position.around;
      return apiFetch<MessagesPageResponse>(
        withQuery(`/api/rooms/${segment(roomId)}/messages`, params),
        signalOf(options),
      );
    },
    send: (roomId: string, body: SendMessageRequest) =>
      apiFetch<MessageResponse>(`/api/rooms/${segment(roomId)}/messages`, { method: 'POST', body }),
    edit: (messageId: string, content: string) =>
      apiFetch<MessageResponse>(`/api/messages/${segment(messageId)}`, {
        method: 'PATCH',
        body: { content } satisfies EditMessageRequest,
      }),
    remove: (messageId: string) =>
      apiFetch<void>(`/api/messages/${segment(messageId)}`, { method: 'DELETE', body: {} }),
    pin: (messageId: string) => apiFetch<void>(`/api/messages/${segment(messageId)}/pin`, { method: 'POST', body: {} }),
    unpin: (messageId: string) =>
      apiFetch<void>(`/api/messages/${segment(messageId)}/pin`, { method: 'DELETE', body: {} }),
    /** A moderator removes someone's message. */
    removeAsModerator: (messageId: string) =>
      apiFetch<void>(`/api/messages/${segment(messageId)}/remove`, { method: 'POST', body: {} }),
    toggleReaction: (messageId: string, emoji: string) =>
      apiFetch<ToggleReactionResponse>(`/api/messages/${segment(messageId)}/reactions`, {
        method: 'POST',
        body: { emoji } satisfies ToggleReactionRequest,
      }),
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
