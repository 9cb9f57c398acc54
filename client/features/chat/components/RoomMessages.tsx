import { useMemo } from 'react';
import { useRoomActivity } from '../hooks/useRoomActivity';
import { useRoomPeople } from '../hooks/useRoomPeople';
import { useShowActivity } from '../hooks/useShowActivity';
import { useRoomCommands, useRoomStore, useStoreSlice } from '../state/room-store-context';
import type { MessageActions } from './message-row-context';
import { MessageList, type ListAnchor } from './MessageList';

interface RoomMessagesProps {
  repoName: string;
  currentUserId: string | undefined;
  actions: MessageActions;
  editing: { id: string | null; onChange(messageId: string | null): void };
  /** People the reader ignores: their messages are collapsed. */
  ignoredIds: ReadonlySet<string>;
  onSeen(messageId: string): void;
  onOpenMessage(messageId: string): void;
}

/** The room's messages, as its store holds them, in the list. */
export function RoomMessages({ repoName, currentUserId, ignoredIds, ...rest }: RoomMessagesProps) {
  const store = useRoomStore();
  const commands = useRoomCommands();
  const state = useStoreSlice(store, (view) => view.messages);
  const loading = useStoreSlice(store, (view) => view.loading);
  const openedAt = useStoreSlice(store, (view) => view.openedAt);
  // The opening changes with the page it opened (one snapshot), so the list scrolls to it once.
  const openedAround = useStoreSlice(store, (view) => view.openedAround);
  const unreadFromId = useStoreSlice(store, (view) => view.unreadFromId);
  const pins = useStoreSlice(store, (view) => view.pins);
  const roomId = useStoreSlice(store, (view) => view.room?.id);
  const activity = useStoreSlice(store, (view) => view.activity);
  const [showActivity] = useShowActivity();
  useRoomActivity(store, roomId);
  const { knownUsernames, people, moderatorIds } = useRoomPeople(store);
  const pinnedIds = useMemo(() => new Set(pins.map((pin) => pin.message.id)), [pins]);
  const anchor = useMemo((): ListAnchor | null => {
    if (openedAt === 'anchor' && openedAround) return { id: openedAround, kind: 'link' };
    if (openedAt === 'unread' && unreadFromId) return { id: unreadFromId, kind: 'unread' };
    return null;
  }, [openedAt, openedAround, unreadFromId]);
  const paging = useMemo(
    () => ({
      onLoadOlder: commands.loadOlder,
      onLoadNewer: commands.loadNewer,
      onJumpToLatest: commands.jumpToLatest,
      onRetryLoad: commands.retryLoad,
    }),
    [commands],
  );
  const context = useMemo(
    () => ({ repoName, currentUserId, knownUsernames, people, moderatorIds, pinnedIds, ignoredIds }),
    [repoName, currentUserId, knownUsernames, people, moderatorIds, pinnedIds, ignoredIds],
  );
  return (
    <MessageList
      messages={state.messages}
      status={{
        loaded: state.loaded,
        failed: state.failed,
        hasOlder: state.nextCursor !== null,
        loadingOlder: loading.older,
        hasNewer: state.newerCursor !== null,
        loadingNewer: loading.newer,
        missedNewer: state.missedNewer,
      }}
      paging={paging}
      context={context}
      opening={{ anchor, unreadFromId }}
      activity={showActivity ? activity : undefined}
      {...rest}
    />
  );
}
