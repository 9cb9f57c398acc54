import type { ActivityKind, RoomActivityListResponse } from '../../shared/api/repo-activity';
import type { CodePreviewResponse } from '../../shared/api/code-preview';
import type { CreateIssueBody, CreateIssueResponse } from '../../shared/api/issues';
import type {
  BansResponse,
  EditMessageRequest,
  JoinRoomResponse,
  MembersResponse,
  MessageResponse,
  MessagesPageResponse,
  MuteDuration,
  MuteResponse,
  PinsResponse,
  SendMessageRequest,
  SlowModeResponse,
  ToggleReactionRequest,
  ToggleReactionResponse,
  TopicResponse,
} from '../../shared/api/rooms';
import { apiFetch, segment, withQuery, type Signal, signalOf } from './http';

/**
 * The chat room's own calls: its history and what is done to messages, joining by id and leaving,
 * moderation, pins, bans, members, activity, issues and code previews. Kept apart from
 * `endpoints.ts` so that only the chat room, which makes them, downloads them.
 */

/** Which page of a room's history (see MessagesPageResponse). */
export type MessagePagePosition = { before: string } | { after: string } | { around: string } | undefined;

export const chatApi = {
  rooms: {
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
    members: (roomId: string, options?: Signal) =>
      apiFetch<MembersResponse>(`/api/rooms/${segment(roomId)}/members`, signalOf(options)),
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
};
