import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { MeDto } from '../../../../shared/api/auth';
import type { ReplyQuoteDto } from '../../../../shared/api/rooms';
import type { AttachmentDto } from '../../../../shared/attachments/attachments-api';
import { messageExcerpt } from '../../../../shared/excerpt';
import type { MessagesAction } from '../state/messages-state';
import { useStoreSlice, type RoomStore } from '../state/room-store-context';
import { useMessageActions } from './useMessageActions';

/**
 * Writing in the room: the composer's send (a reply when one is started), the message being
 * edited, and the writing actions on the store's messages. Every callback keeps its identity
 * while the room and user stay the same, so message rows can skip re-rendering.
 */
export function useRoomWriting(store: RoomStore, roomId: string | undefined, user: MeDto | null) {
  const messages = useStoreSlice(store, (view) => view.messages.messages);
  const hasNewer = useStoreSlice(store, (view) => view.messages.newerCursor !== null);
  const dispatch = useMemo(() => (action: MessagesAction) => store.dispatch({ type: 'messages', action }), [store]);
  const actions = useMessageActions(roomId, user, { messages, dispatch });
  const [editingId, setEditingId] = useState<string | null>(null);
  // The message being answered: the composer says so, and the next message sent replies to it.
  const [replyingTo, setReplyingTo] = useState<{ roomId: string; quote: ReplyQuoteDto } | null>(null);
  const replyQuote = replyingTo && replyingTo.roomId === roomId ? replyingTo.quote : null;

  // Read through a ref, so the rows' callback keeps its identity as messages come and go.
  const latestMessages = useRef(messages);
  useLayoutEffect(() => {
    latestMessages.current = messages;
  });

  const { send } = actions;
  // Writing while reading old history: the window moves to the newest messages, where it will show.
  const onSend = useCallback(
    (content: string, jumpToLatest: () => Promise<unknown>, attachments: AttachmentDto[] = []) => {
      if (hasNewer) void jumpToLatest();
      setReplyingTo(null);
      return send(content, replyQuote ?? undefined, attachments);
    },
    [hasNewer, send, replyQuote],
  );

  const onReply = useCallback(
    (messageId: string) => {
      const original = latestMessages.current.find((m) => m.id === messageId && !m.deleted);
      if (!original || !roomId) return;
      setEditingId(null);
      setReplyingTo({
        roomId,
        quote: {
          message_id: original.id,
          user_id: original.user_id,
          author: original.author,
          excerpt: messageExcerpt(original.content),
          deleted: false,
        },
      });
    },
    [roomId],
  );
  const onCancelReply = useCallback(() => setReplyingTo(null), []);

  /** ↑ in the empty composer: edit my newest message that can still be edited. */
  const onEditLast = useCallback(() => {
    const mine = latestMessages.current.findLast((m) => m.user_id === user?.id && m.status === 'sent' && !m.deleted);
    if (!mine) return false;
    setEditingId(mine.id);
    return true;
  }, [user?.id]);

  const lastOwnSentAt = messages.findLast((m) => m.user_id === user?.id && m.status !== 'failed')?.created_at;
  const editing = useMemo(() => ({ id: editingId, onChange: setEditingId }), [editingId]);

  return { actions, editing, replyQuote, onSend, onReply, onCancelReply, onEditLast, lastOwnSentAt };
}
