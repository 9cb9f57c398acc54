import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { HeldMessageResponse } from '../../../../shared/api/protection';
import type { MessageDto, MessageResponse } from '../../../../shared/api/rooms';
import { chatApi } from '../../../api/chat-endpoints';
import { threadsApi } from '../../../api/threads';
import { FOLLOWED_THREADS_QUERY_KEY } from '../../../hooks/useFollowedThreads';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { heldMessagesKey } from '../hooks/useHeldMessages';
import { useThread } from '../hooks/useThread';
import { useRoomPeople } from '../hooks/useRoomPeople';
import { useRoomStore } from '../state/room-store-context';
import type { ChatMessage } from '../state/messages-state';
import { MessageItem } from './MessageItem';
import { useAttachmentUploads } from '../hooks/useAttachmentUploads';
import { AttachFilesButton } from './AttachFilesButton';
import { PendingAttachments } from './PendingAttachments';
import { MessageRowContext, type MessageActions } from './message-row-context';
import { sendMessage } from '../../../api/realtime-send';

export interface ThreadPanelProps {
  roomId: string;
  rootId: string;
  /** A reply to show highlighted (a link to it). */
  highlightId: string | null;
  currentUserId: string | undefined;
  /** The room's message actions (copy, report, ignore, moderation), applied to the thread's messages. */
  actions: MessageActions;
  ignoredIds: ReadonlySet<string>;
  /** A full-screen sheet on phones. */
  fullScreen: boolean;
  onClose(): void;
}

const sent = (message: MessageDto): ChatMessage => ({ ...message, status: 'sent' });
const failed = (error: unknown) => toast.error(error instanceof Error ? error.message : 'Something went wrong');
let sentCount = 0;

/** A thread beside the room: its root, its replies in order, and a composer ("Reply in thread…"). */
export default function ThreadPanelView(props: ThreadPanelProps) {
  const { roomId, rootId, highlightId, currentUserId, ignoredIds, fullScreen, onClose } = props;
  const queryClient = useQueryClient();
  const { view, dispatch, reload, loadOlder, loadNewer } = useThread(rootId, highlightId);
  const readOnly = props.actions.readOnly === true;
  const { knownUsernames, people, moderatorIds } = useRoomPeople(useRoomStore());
  const [draft, setDraft] = useState('');
  const [alsoToRoom, setAlsoToRoom] = useState(false);
  // Files in a thread reply, as in the room's composer.
  const uploads = useAttachmentUploads(roomId);
  const canSend = (draft.trim() !== '' || uploads.attachments.length > 0) && !uploads.uploading && !uploads.failed;
  const [editingId, setEditingId] = useState<string | null>(null);
  const root = view.root;
  const replies = view.replies.messages;
  const atNewest = view.replies.newerCursor === null;

  // Read up to the newest reply once it is on screen: it no longer counts under "Threads".
  const newest = atNewest ? replies[replies.length - 1]?.id : undefined;
  useEffect(() => {
    if (!newest || !currentUserId || readOnly) return;
    threadsApi
      .markRead(rootId, newest)
      .then(() => queryClient.invalidateQueries({ queryKey: FOLLOWED_THREADS_QUERY_KEY }))
      .catch(() => undefined);
  }, [rootId, newest, currentUserId, readOnly, queryClient]);

  const actions = useMemo(
    (): MessageActions => ({
      ...props.actions,
      // Their room events bring the changes to the thread.
      onEdit: (id, content) => void chatApi.messages.edit(id, content).catch(failed),
      onDelete: (id) => void chatApi.messages.remove(id).catch(failed),
      onToggleReaction: (id, emoji) => void chatApi.messages.toggleReaction(id, emoji).catch(failed),
      onRetry: () => undefined,
      onReply: undefined,
      onOpenThread: undefined,
    }),
    [props.actions],
  );
  const rowContext = useMemo(
    () => ({
      currentUserId,
      knownUsernames,
      people,
      actions,
      onEditingChange: setEditingId,
      onActivate: () => undefined,
      onJumpTo: () => undefined,
    }),
    [currentUserId, knownUsernames, people, actions],
  );

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const content = draft.trim();
    if (!canSend) return;
    const attachmentIds = uploads.attachments.map((a) => a.id);
    sentCount += 1;
    try {
      const response: MessageResponse | HeldMessageResponse = await sendMessage(roomId, {
        client_id: `thread-${Date.now()}-${sentCount}`,
        content,
        thread_root_id: rootId,
        also_send_to_room: alsoToRoom,
        ...(attachmentIds.length > 0 ? { attachment_ids: attachmentIds } : {}),
      });
      setDraft('');
      uploads.clear();
      if ('held' in response) {
        // Held for the room's moderators: the room lists it with "Waiting for approval".
        toast.warning('Waiting for approval');
        void queryClient.invalidateQueries({ queryKey: heldMessagesKey(roomId) });
        return;
      }
      const { message } = response;
      // A window away from the newest replies jumps to them to show the reply sent.
      if (atNewest) dispatch({ type: 'sent', message });
      else reload();
    } catch (error) {
      failed(error);
    }
  };
  const setFollowing = (following: boolean) =>
    void threadsApi.follow(rootId, following).then((answer) => dispatch({ type: 'following', ...answer }), failed);
  // The thread's `thread.updated` event brings the answer to every reader, this one included.
  const setAnswer = (replyId: string, answer: boolean) => void threadsApi.setAnswer(replyId, answer).catch(failed);

  const row = (message: MessageDto, highlighted: boolean) => (
    <MessageItem
      key={message.id}
      message={sent(message)}
      own={message.user_id === currentUserId}
      startsGroup
      authorIsModerator={moderatorIds.has(message.user_id)}
      ignored={ignoredIds.has(message.user_id)}
      active={false}
      editing={editingId === message.id}
      highlighted={highlighted}
    />
  );
  const answerId = root?.thread?.answer?.message_id ?? null;
  const replyCount = root?.thread?.reply_count ?? replies.length;

  return (
    <aside
      aria-label="Thread"
      data-testid="thread-panel"
      className={cn(
        'flex min-h-0 flex-col bg-background',
        fullScreen ? 'fixed inset-0 z-50' : 'w-96 shrink-0 border-l',
      )}
    >
      <header className="flex items-center gap-2 border-b px-4 py-2">
        <h2 className="text-base font-semibold">Thread</h2>
        {root && !readOnly && (
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            data-testid="thread-follow"
            onClick={() => setFollowing(!view.following)}
          >
            {view.following ? 'Unfollow thread' : 'Follow thread'}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          aria-label="Close thread"
          className={root && !readOnly ? '' : 'ml-auto'}
          onClick={onClose}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </Button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto py-2">
        {view.status === 'loading' && !root && (
          <p role="status" className="px-4 text-sm text-muted-foreground">
            Loading thread…
          </p>
        )}
        {view.status === 'failed' && <p className="px-4 text-sm text-destructive">Couldn't load this thread</p>}
        {root && (
          <MessageRowContext value={rowContext}>
            {/* The root, at the top, quotes the answer ("Answer by {name}") as it does in the room. */}
            <ul aria-label="Thread root">{row(root, false)}</ul>
            <p className="my-2 border-b px-4 pb-1 text-xs text-muted-foreground">
              {replyCount === 1 ? '1 reply' : `${replyCount} replies`}
            </p>
            {view.replies.nextCursor && (
              <Button variant="ghost" size="sm" className="mx-4 mb-1" onClick={() => void loadOlder()}>
                Show older replies
              </Button>
            )}
            <ul aria-label="Replies">
              {replies.map((reply) => (
                <div key={reply.id} data-testid="thread-reply" data-message-id={reply.id}>
                  {row(reply, reply.id === highlightId)}
                  {view.canMarkAnswer && !reply.deleted && (
                    <div className="px-14">
                      <button
                        type="button"
                        className="text-xs text-primary hover:underline"
                        onClick={() => setAnswer(reply.id, reply.id !== answerId)}
                      >
                        {reply.id === answerId ? 'Unmark answer' : 'Mark as answer'}
                      </button>
                    </div>
                  )}
                </div>
              ))}
            </ul>
            {!atNewest && (
              <Button variant="ghost" size="sm" className="mx-4 mt-1" onClick={() => void loadNewer()}>
                Show newer replies
              </Button>
            )}
          </MessageRowContext>
        )}
      </div>
      {/* A reader who is not a member reads the thread; writing in it takes joining the room. */}
      {!readOnly && (
        <form onSubmit={(event) => void send(event)} className="border-t p-3" {...uploads.dropTarget}>
          <PendingAttachments uploads={uploads} />
          <textarea
            aria-label="Reply in thread"
            placeholder="Reply in thread…"
            value={draft}
            rows={2}
            onChange={(event) => setDraft(event.target.value)}
            onPaste={uploads.onPaste}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
            className="w-full resize-none rounded-md border bg-background p-2 text-sm"
          />
          <div className="mt-2 flex items-center gap-2">
            <AttachFilesButton onFiles={uploads.add} />
            <label className="flex items-center gap-1.5 text-xs">
              <input type="checkbox" checked={alsoToRoom} onChange={(event) => setAlsoToRoom(event.target.checked)} />
              Also send to room
            </label>
            <Button type="submit" size="sm" className="ml-auto" disabled={!canSend}>
              Send
            </Button>
          </div>
        </form>
      )}
    </aside>
  );
}
