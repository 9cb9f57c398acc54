import { useCallback, useEffect, useLayoutEffect, useRef, type Dispatch } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { HeldMessageResponse } from '../../../../shared/api/protection';
import { heldMessagesKey } from './useHeldMessages';
import { toast } from '../../../lib/toast';
import type { MeDto } from '../../../../shared/api/auth';
import type { MessageDto, MessageResponse, ReplyQuoteDto } from '../../../../shared/api/rooms';
import type { AttachmentDto } from '../../../../shared/attachments/attachments-api';
import { sanitizeMessage } from '../../../../shared/validation/message';
import { ApiRequestError } from '../../../api/http';
import { chatApi } from '../../../api/chat-endpoints';
import type { ChatMessage, MessagesAction } from '../state/messages-state';
import { sendMessage } from '../../../api/realtime-send';

export const SEND_FAILED = 'Failed to send message';
export const SEND_OFFLINE = 'Not sent: you are offline. Retry when you are back online.';

/** A client id for a new message; retries of that message reuse it so the server never duplicates. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a plain-http LAN address still has getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The messages state the writing side works on (the room store's messages). */
export interface MessagesStore {
  messages: ChatMessage[];
  dispatch: Dispatch<MessagesAction>;
}

/**
 * Writing a room's messages: optimistic sends reconciled by client_id (with Retry), edits, deletes
 * and reactions. Every function it returns keeps its identity while the room and user stay the same,
 * so message rows can skip re-rendering.
 */
export function useMessageActions(
  roomId: string | undefined,
  user: MeDto | null,
  { messages, dispatch }: MessagesStore,
) {
  // Retry reads the newest list without changing identity at every event.
  const queryClient = useQueryClient();
  const latestMessages = useRef(messages);
  useLayoutEffect(() => {
    latestMessages.current = messages;
  });

  const deliver = useCallback(
    async (clientId: string, content: string, replyToId?: string, attachmentIds: string[] = []) => {
      if (!roomId) return;
      try {
        const response: MessageResponse | HeldMessageResponse = await sendMessage(roomId, {
          client_id: clientId,
          content,
          ...(replyToId ? { reply_to_id: replyToId } : {}),
          ...(attachmentIds.length > 0 ? { attachment_ids: attachmentIds } : {}),
        });
        if ('held' in response) {
          // Held for the moderators (202): shown with the held messages, "Waiting for approval".
          dispatch({ type: 'withdrawn', clientId });
          await queryClient.invalidateQueries({ queryKey: heldMessagesKey(roomId) });
          return;
        }
        dispatch({ type: 'confirmed', message: response.message });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 429) {
          const seconds = error.retryAfterSeconds ?? 60;
          dispatch({
            type: 'failed',
            clientId,
            error: `Try again in ${seconds} s`,
            failure: 'rate-limited',
            retryAt: Date.now() + seconds * 1000,
          });
          toast.error('Rate Limited', {
            description: `Please wait ${seconds} seconds before sending another message`,
          });
        } else {
          const offline = !navigator.onLine || (error instanceof ApiRequestError && error.status === 0);
          dispatch({
            type: 'failed',
            clientId,
            error: offline ? SEND_OFFLINE : `${SEND_FAILED}: ${error instanceof Error ? error.message : 'refused'}`,
            failure: offline ? 'offline' : 'refused',
          });
          toast.error(SEND_FAILED, { description: error instanceof Error ? error.message : undefined });
        }
      }
    },
    [roomId, dispatch, queryClient],
  );

  const send = useCallback(
    /** `replyTo`: the quote of the message this one answers. */
    (text: string, replyTo?: ReplyQuoteDto, attachments: AttachmentDto[] = []) => {
      if (!roomId || !user) return;
      const clientId = newClientId();
      const content = sanitizeMessage(text);
      const optimistic: MessageDto = {
        id: `local:${clientId}`,
        room_id: roomId,
        user_id: user.id,
        client_id: clientId,
        content,
        created_at: new Date().toISOString(),
        edited_at: null,
        deleted: false,
        author: { id: user.id, username: user.username, display_name: user.display_name, avatar_url: user.avatar_url },
        reactions: [],
        ...(replyTo ? { reply_to: replyTo } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
      };
      dispatch({ type: 'optimistic', message: optimistic });
      void deliver(
        clientId,
        content,
        replyTo?.message_id,
        attachments.map((a) => a.id),
      );
    },
    [roomId, user, deliver, dispatch],
  );

  // Retries waiting out a rate limit; cancelled when the room closes.
  const retryTimers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = retryTimers.current;
    return () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    };
  }, [roomId]);

  /** Sends a failed message again; a rate-limited one is sent once its wait is over. */
  const retry = useCallback(
    (clientId: string) => {
      const message = latestMessages.current.find((m) => m.client_id === clientId && m.status === 'failed');
      if (!message) return;
      dispatch({ type: 'sending', clientId });
      const wait = (message.retryAt ?? 0) - Date.now();
      const replyToId = message.reply_to?.message_id;
      const attachmentIds = (message.attachments ?? []).map((a) => a.id);
      if (wait <= 0) {
        void deliver(clientId, message.content, replyToId, attachmentIds);
        return;
      }
      const timer = setTimeout(() => {
        retryTimers.current.delete(timer);
        void deliver(clientId, message.content, replyToId, attachmentIds);
      }, wait);
      retryTimers.current.add(timer);
    },
    [deliver, dispatch],
  );

  const edit = useCallback(
    async (messageId: string, text: string) => {
      const content = sanitizeMessage(text);
      if (!content) return; // docs/PRODUCT.md §5: a blank edit is ignored.
      try {
        const response = await chatApi.messages.edit(messageId, content);
        dispatch({ type: 'updated', message: response.message });
      } catch (error) {
        if (!toastRateLimited(error, 'editing another message')) toast.error('Failed to update message');
      }
    },
    [dispatch],
  );

  const remove = useCallback(
    async (messageId: string) => {
      try {
        await chatApi.messages.remove(messageId);
        dispatch({ type: 'removed', messageId });
      } catch {
        toast.error('Failed to delete message');
      }
    },
    [dispatch],
  );

  const toggleReaction = useCallback(
    async (messageId: string, emoji: string) => {
      try {
        const response = await chatApi.messages.toggleReaction(messageId, emoji);
        dispatch({ type: 'reactions', messageId, reactions: response.reactions });
      } catch (error) {
        if (!toastRateLimited(error, 'reacting again')) toast.error('Failed to toggle reaction');
      }
    },
    [dispatch],
  );

  const removeAsModerator = useCallback(
    async (messageId: string) => {
      try {
        await chatApi.messages.removeAsModerator(messageId);
        dispatch({ type: 'removed', messageId, byModerator: true });
      } catch (error) {
        const refused = error instanceof ApiRequestError && (error.status === 403 || error.status === 429);
        toast.error('Failed to remove message', refused ? { description: error.message } : undefined);
      }
    },
    [dispatch],
  );

  return { send, retry, edit, remove, removeAsModerator, toggleReaction };
}

/** A 429 answer shows the 'Rate Limited' toast of docs/PRODUCT.md §8 with the wait; true when it was one. */
function toastRateLimited(error: unknown, action: string): boolean {
  if (!(error instanceof ApiRequestError) || error.status !== 429) return false;
  toast.error('Rate Limited', { description: `Please wait ${error.retryAfterSeconds ?? 60} seconds before ${action}` });
  return true;
}
