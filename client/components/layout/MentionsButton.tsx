import { useQueryClient } from '@tanstack/react-query';
import { AtSign } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import type { UnreadSummaryResponse } from '../../../shared/api/read-state';
import type { MyRoomsResponse } from '../../../shared/api/rooms';
import { api } from '../../api/endpoints';
import { IGNORED_QUERY_KEY, ignoredApi } from '../../api/moderation-tools';
import { getRealtimeClient } from '../../api/realtime';
import { formatUnreadCount, useUnreadSummary } from '../../hooks/useUnread';
import { useSession } from '../../hooks/useSession';
import { cn } from '../../lib/cn';
import {
  messageNotification,
  threadReplyNotification,
  type ActivityFrame,
  type NotificationContext,
  type ThreadActivityFrame,
} from '../../lib/message-notification';
import { buttonClasses } from '../ui/Button';
import { MY_ROOMS_QUERY_KEY } from './useMyRooms';

/** How many recent notified messages are remembered, so that none notifies twice. */
const NOTIFIED_REMEMBERED = 200;

/**
 * The header's "Mentions" button (with the count of unread mentions) and, while it is on screen
 * (signed in, on every page), the browser notifications of new messages. Only signed-in users
 * download this module.
 */
export default function MentionsButton() {
  const { data } = useUnreadSummary();
  useMessageNotifications(data);
  const count = (data?.rooms ?? []).reduce((sum, room) => sum + room.mention_count, 0);
  return (
    <Link
      to="/mentions"
      aria-label={count > 0 ? `Mentions, ${formatUnreadCount(count)} unread` : 'Mentions'}
      data-testid="mentions-button"
      className={cn(buttonClasses('ghost', 'sm'), 'relative')}
    >
      <AtSign className="h-4 w-4" aria-hidden="true" />
      <span className="hidden sm:inline">Mentions</span>
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="mentions-count"
          className="flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-semibold text-destructive-foreground"
        >
          {formatUnreadCount(count)}
        </span>
      )}
    </Link>
  );
}

/**
 * Shows a browser notification (when the permission is granted) for a new message that
 * messageNotification says should raise one; a click on it opens the message.
 */
function useMessageNotifications(summary: UnreadSummaryResponse | undefined) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The listener reads the newest settings without resubscribing.
  const levels = useRef(summary);
  useEffect(() => {
    levels.current = summary;
  }, [summary]);

  useEffect(() => {
    if (!user) return;
    const roomNameOf = async (roomId: string): Promise<string | undefined> => {
      for (const [, rooms] of queryClient.getQueriesData<MyRoomsResponse['rooms']>({ queryKey: MY_ROOMS_QUERY_KEY })) {
        const room = rooms?.find((entry) => entry.id === roomId);
        if (room) return room.repo_full_name;
      }
      try {
        return (await api.rooms.details(roomId)).room.repo_full_name;
      } catch {
        return undefined;
      }
    };
    // The people this user ignores: the list the chat page keeps, or read once and kept likewise.
    const ignoredIdsOf = async (): Promise<ReadonlySet<string>> => {
      try {
        const users = await queryClient.fetchQuery({
          queryKey: IGNORED_QUERY_KEY,
          queryFn: async ({ signal }) => (await ignoredApi.list({ signal })).users,
          staleTime: 60_000,
        });
        return new Set(users.map((entry) => entry.user.id));
      } catch {
        return new Set();
      }
    };
    // A message raises one notification at most: with its room open, the tab hears of a mention
    // twice (the room's event, then the activity that names the mention).
    const notified = new Set<string>();
    const onFrame = async (frame: ActivityFrame | ThreadActivityFrame) => {
      // /mentions follows new and deleted mentions of mine.
      if ((frame.type === 'room.activity' && frame.kind === 'deleted') || frame.mentions_you) {
        void queryClient.invalidateQueries({ queryKey: ['me', 'mentions'] });
      }
      if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
      const level = levels.current?.rooms.find((room) => room.room_id === frame.room_id)?.notification_level;
      const context = { userId: user.id, level, hidden: document.visibilityState === 'hidden', roomName: undefined };
      const decide = (full: NotificationContext) =>
        frame.type === 'room.activity' ? messageNotification(frame, full) : threadReplyNotification(frame, full);
      // Decided before the room's name and the ignored people are looked up, so most messages cost nothing.
      if (!decide(context)) return;
      const shown = decide({
        ...context,
        roomName: await roomNameOf(frame.room_id),
        ignoredIds: await ignoredIdsOf(),
      });
      if (!shown || notified.has(shown.messageId)) return;
      notified.add(shown.messageId);
      if (notified.size > NOTIFIED_REMEMBERED) notified.delete(notified.values().next().value as string);
      const notification = new Notification(shown.title, { body: shown.body, tag: shown.messageId });
      notification.onclick = () => {
        window.focus();
        navigate(`/chat/${encodeURIComponent(shown.roomId)}?message=${encodeURIComponent(shown.messageId)}`);
        notification.close();
      };
    };
    return getRealtimeClient().watchUser((frame) => {
      if (frame.type === 'room.activity' || frame.type === 'thread.activity') void onFrame(frame);
    });
  }, [user, navigate, queryClient]);
}
