import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { BANNED_MESSAGE, type ReplyQuoteDto, type UserSummaryDto } from '../../../shared/api/rooms';
import { messageExcerpt } from '../../../shared/excerpt';
import { MOBILE_ISSUES_LIMIT, ROOM_ISSUES_LIMIT } from '../../../shared/limits';
import { useSiteConfig } from '../../hooks/useSiteConfig';
import { api } from '../../api/endpoints';
import { ChatHeader } from './components/ChatHeader';
import { Composer } from './components/Composer';
import { ConfirmDialog } from './components/ConfirmDialog';
import { MembersPanel } from './components/MembersPanel';
import { MembersSheet } from './components/MembersSheet';
import { MessageList } from './components/MessageList';
import { ReferenceContext } from './components/GitHubReference';
import { MuteDialog } from './components/MuteDialog';
import { BannedDialog } from './components/BannedDialog';
import { PinnedDialog } from './components/PinnedDialog';
import { ReportDialog } from './components/ReportDialog';
import { ReportsDialog } from './components/ReportsDialog';
import { ModerationLogDialog } from './components/ModerationLogDialog';
import { useModerationTools } from './hooks/useModerationTools';
import { useIgnoredUsers } from '../../hooks/useIgnoredUsers';
import { RoomTopic } from './components/RoomTopic';
import { usePinnedMessages } from './hooks/usePinnedMessages';
import { useRoomModeration, useSlowModeWait } from './hooks/useRoomModeration';
import { nameWithHandle } from './components/person';
import { authorName } from './components/MessageItem';
import { RepositoryDetailsPanel } from './components/RepositoryDetailsPanel';
import { TypingIndicator } from './components/TypingIndicator';
import { Button } from '../../components/ui/Button';
import { useIsMobile } from '../../hooks/useMediaQuery';
import { usePageMeta, usePublicUrl } from '../../hooks/usePageMeta';
import { messageLink } from './state/message-link';
import { useRoomAccess } from './hooks/useRoomAccess';
import { useRoomMembers } from './hooks/useRoomMembers';
import { useRoomMessages } from './hooks/useRoomMessages';
import { useRoomOpening } from './hooks/useRoomOpening';
import { useReadPosition } from './hooks/useReadPosition';
import { MESSAGE_PARAM } from './state/message-link';
import { useRoomRealtime } from './hooks/useRoomRealtime';
import { useRoomNotificationLevel } from './hooks/useRoomNotificationLevel';
import { useRoomGoodFirstIssues, useRoomRepository } from './hooks/useRoomRepository';
import { useSession } from '../../hooks/useSession';
import { toRepositoryView } from './state/repository-view';

async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

/** A clock that ticks once a minute, for 'new member' dots that fade after 5 minutes. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export default function ChatRoomPage() {
  const { roomId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const isMobile = useIsMobile();
  const now = useMinuteClock();
  const siteConfig = useSiteConfig();
  const githubWebUrl = siteConfig.data?.githubWebUrl ?? 'https://github.com';

  const access = useRoomAccess(roomId);
  const room = access.details?.room;
  // What `#12` in this room's messages refers to, and where GitHub's pages are.
  const referenceContext = useMemo(
    () => ({ repo: room?.repo_full_name ?? null, webUrl: githubWebUrl.replace(/\/+$/, '') }),
    [room?.repo_full_name, githubWebUrl],
  );
  const repository = useRoomRepository(room?.repo_full_name);
  const issues = useRoomGoodFirstIssues(room?.repo_full_name);
  const members = useRoomMembers(roomId, access.ready);
  const moderation = useRoomModeration(roomId, members.members, user?.id);
  const pinned = usePinnedMessages(roomId, access.ready);
  const [pinnedOpen, setPinnedOpen] = useState(false);
  const notifications = useRoomNotificationLevel(roomId);
  const [searchParams] = useSearchParams();
  const linkedId = searchParams.get(MESSAGE_PARAM);
  const opening = useRoomOpening(roomId, linkedId, access.ready);
  const messages = useRoomMessages(roomId, user, access.ready && opening.settled, opening.anchor?.id);
  const onSeen = useReadPosition(roomId, messages.messages);
  const openedAt = messages.openedAt;
  useEffect(() => {
    // A link to a message this room does not have opens at the newest messages instead.
    if (openedAt === 'anchor-missing') toast.error('Message not found');
  }, [openedAt]);

  const { reload: reloadMessages, applyEvent: applyMessageEvent } = messages;
  const { reload: reloadMembers, applyEvent: applyMemberEvent } = members;
  const { applyEvent: applyModerationEvent } = moderation;
  const { applyEvent: applyPinEvent } = pinned;
  const tools = useModerationTools(roomId, moderation.canModerate, messages.removeAsModerator);
  const { applyEvent: applyToolsEvent } = tools;
  const ignoring = useIgnoredUsers(Boolean(user));
  const realtime = useRoomRealtime(roomId, {
    afterSeq: messages.lastSeq,
    currentUserId: user?.id,
    onEvent: (event) => {
      applyMessageEvent(event);
      applyMemberEvent(event);
      applyModerationEvent(event);
      applyPinEvent(event);
      applyToolsEvent(event);
      if (event.type === 'member.banned' && event.user_id === user?.id) {
        // Removed by a moderator: the room is closed to them, so the page goes home.
        access.markLeaving();
        toast.error(BANNED_MESSAGE);
        navigate('/', { replace: true });
      }
    },
    onResync: async () => {
      reloadMembers();
      return reloadMessages();
    },
  });

  const [detailsOpen, setDetailsOpen] = useState(false);
  const [membersOpen, setMembersOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  // The message being answered: the composer says so, and the next message sent replies to it.
  const [replyingTo, setReplyingTo] = useState<{ roomId: string; quote: ReplyQuoteDto } | null>(null);
  const replyQuote = replyingTo && replyingTo.roomId === roomId ? replyingTo.quote : null;

  usePageMeta({
    title: room ? `${room.repo_full_name} chat` : 'Chat room',
    path: `/chat/${roomId ?? ''}`,
    noindex: true,
  });

  const knownUsernames = useMemo(
    () => new Set(members.members.flatMap((m) => (m.user.username ? [m.user.username.toLowerCase()] : []))),
    [members.members],
  );
  const moderatorIds = useMemo(
    () => new Set(members.members.flatMap((m) => (m.moderator ? [m.user.id] : []))),
    [members.members],
  );
  const people = useMemo(
    () => new Map<string, UserSummaryDto>(members.members.map((m) => [m.user.id, m.user])),
    [members.members],
  );
  // Names with their handle: display names are not unique.
  const typingNames = realtime.typingUserIds.map((id) => {
    const person = people.get(id);
    return person ? nameWithHandle(person) : 'Someone';
  });

  const { messages: messageList, loadOlder, loadNewer, edit, remove, toggleReaction, send, hasNewer } = messages;
  const { removeAsModerator } = messages;
  // Stable row callbacks: message rows are memoized and re-render only when their message changes.
  const onLoadOlder = useCallback(() => void loadOlder(), [loadOlder]);
  const onLoadNewer = useCallback(() => void loadNewer(), [loadNewer]);
  // Writing while reading old history: the window moves to the newest messages, where it will show.
  const onSend = useCallback(
    (content: string) => {
      if (hasNewer) void reloadMessages();
      setReplyingTo(null);
      return send(content, replyQuote ?? undefined);
    },
    [hasNewer, reloadMessages, send, replyQuote],
  );
  // Read through a ref, so the rows' callback keeps its identity as messages come and go.
  const latestMessages = useRef(messageList);
  useLayoutEffect(() => {
    latestMessages.current = messageList;
  });
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
  const onOpenMessage = useCallback(
    (messageId: string) => navigate(`/chat/${roomId ?? ''}?${MESSAGE_PARAM}=${encodeURIComponent(messageId)}`),
    [navigate, roomId],
  );
  const onEditMessage = useCallback((id: string, content: string) => void edit(id, content), [edit]);
  const onDeleteMessage = useCallback((id: string) => void remove(id), [remove]);
  const onRemoveMessage = useCallback((id: string) => void removeAsModerator(id), [removeAsModerator]);
  // The room's members list follows role changes live, so the menus do too.
  const { canModerate } = moderation;
  const slowModeSeconds = access.details?.room.slow_mode_seconds ?? 0;
  const lastOwnSentAt = messageList.findLast((m) => m.user_id === user?.id && m.status !== 'failed')?.created_at;
  const slowModeWait = useSlowModeWait(slowModeSeconds, canModerate, lastOwnSentAt);
  const onToggleReaction = useCallback((id: string, emoji: string) => void toggleReaction(id, emoji), [toggleReaction]);
  /** ↑ in the empty composer: edit my newest message that can still be edited. */
  const onEditLast = useCallback(() => {
    const mine = messageList.findLast((m) => m.user_id === user?.id && m.status === 'sent' && !m.deleted);
    if (!mine) return false;
    setEditingId(mine.id);
    return true;
  }, [messageList, user?.id]);

  const publicUrl = usePublicUrl();
  const inviteName = room?.repo_full_name;
  const onCopyInvite = useCallback(() => {
    // The readable address of the room: /r/{owner}/{name}.
    const [owner = '', name = ''] = (inviteName ?? '').split('/');
    const invite = inviteName
      ? new URL(`/r/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`, publicUrl).toString()
      : window.location.href;
    copyText(invite)
      .then(() => toast.success('Invite link copied', { description: 'Share this link to invite others to the room.' }))
      .catch(() => toast.error('Failed to copy'));
  }, [inviteName, publicUrl]);

  const onCopyLink = useCallback(
    (messageId: string) => {
      if (!roomId) return;
      copyText(messageLink(publicUrl, roomId, messageId))
        .then(() => toast.success('Link copied'))
        .catch(() => toast.error('Failed to copy'));
    },
    [publicUrl, roomId],
  );

  const onCopyMessage = useCallback((content: string) => {
    copyText(content)
      .then(() => toast.success('Copied', { description: 'Message copied to clipboard' }))
      .catch(() => toast.error('Failed to copy'));
  }, []);

  const onLeave = useCallback(async () => {
    if (!roomId) return;
    setLeaving(true);
    access.markLeaving();
    try {
      await api.rooms.leave(roomId);
    } catch {
      setLeaving(false);
      toast.error('Failed to leave room');
      return;
    }
    const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
    if (canGoBack) navigate(-1);
    else navigate('/', { replace: true });
    // Room lists elsewhere (sidebar, home) no longer include this room.
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'chat' });
  }, [roomId, access, navigate, queryClient]);

  const onBack = useCallback(() => {
    const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
    if (canGoBack) navigate(-1);
    else navigate('/');
  }, [navigate]);

  if (!access.details || !access.ready || repository.isLoading) {
    return (
      <div role="status" className="flex h-64 items-center justify-center text-sm text-muted-foreground">
        Loading chat room...
      </div>
    );
  }

  const repo = toRepositoryView(repository.data, access.details.room.repo_full_name, githubWebUrl);
  if (!repo) {
    return (
      <div className="flex h-64 flex-col items-center justify-center gap-3">
        <h1 className="text-lg font-semibold">Chat room not found</h1>
        <Button onClick={() => navigate('/')}>Back to Home</Button>
      </div>
    );
  }

  const onlineCount = members.members.filter((m) => realtime.onlineIds.has(m.user.id)).length;
  const panel = (limit: number) => (
    <MembersPanel
      members={members.members}
      onlineIds={realtime.onlineIds}
      currentUserId={user?.id}
      issues={issues.data ?? []}
      issuesLoading={issues.isLoading}
      issuesLimit={limit}
      now={now}
      moderation={moderation.memberModeration}
      ignoredIds={ignoring.ignoredIds}
      onIgnore={ignoring.ignore}
      onUnignore={ignoring.unignore}
    />
  );

  return (
    // Fills what the layout leaves below the banner and header; the message list gives way first, so the
    // composer stays on screen (see MainLayout).
    <div data-fills-viewport className="flex h-full min-h-0">
      <div className="flex min-w-0 flex-1 flex-col">
        <ChatHeader
          roomId={access.details.room.id}
          repo={repo}
          onlineCount={onlineCount}
          memberCount={members.members.length}
          detailsOpen={detailsOpen}
          isMobile={isMobile}
          leaving={leaving}
          onBack={onBack}
          onToggleDetails={() => setDetailsOpen((open) => !open)}
          onOpenMembers={() => setMembersOpen(true)}
          onCopyInvite={onCopyInvite}
          onLeave={() => setConfirmingLeave(true)}
          pinnedCount={pinned.pins.length}
          slowModeSeconds={slowModeSeconds}
          onSlowModeChange={canModerate ? moderation.setSlowMode : undefined}
          onOpenPinned={() => setPinnedOpen(true)}
          openReportCount={tools.openReportCount}
          onOpenReports={canModerate ? tools.openReports : undefined}
          onOpenModerationLog={canModerate ? tools.openLog : undefined}
          notificationLevel={notifications.level}
          onNotificationLevelChange={(level) => void notifications.setLevel(level)}
        />
        <RoomTopic
          key={access.details.room.topic ?? ''}
          topic={access.details.room.topic ?? ''}
          onSave={canModerate ? moderation.setTopic : undefined}
        />
        {detailsOpen && <RepositoryDetailsPanel repo={repo} githubWebUrl={githubWebUrl} />}
        {realtime.status !== 'open' && messages.loaded && (
          <div role="status" className="border-b bg-secondary px-4 py-1 text-xs text-secondary-foreground">
            Reconnecting…
          </div>
        )}
        <ReferenceContext value={referenceContext}>
          <MessageList
            messages={messages.messages}
            loaded={messages.loaded}
            repoName={repo.fullName}
            currentUserId={user?.id}
            knownUsernames={knownUsernames}
            people={people}
            moderatorIds={moderatorIds}
            editingId={editingId}
            onEditingChange={setEditingId}
            hasOlder={messages.hasOlder}
            loadingOlder={messages.loadingOlder}
            onLoadOlder={onLoadOlder}
            hasNewer={messages.hasNewer}
            loadingNewer={messages.loadingNewer}
            onLoadNewer={onLoadNewer}
            missedNewer={messages.missedNewer}
            onJumpToLatest={reloadMessages}
            anchor={opening.anchor}
            unreadFromId={opening.unreadFromId}
            failed={messages.failed}
            onRetryLoad={messages.retryLoad}
            onSeen={onSeen}
            onOpenMessage={onOpenMessage}
            onReply={onReply}
            onEdit={onEditMessage}
            onDelete={onDeleteMessage}
            onRemove={canModerate ? onRemoveMessage : undefined}
            onMute={canModerate ? moderation.openMute : undefined}
            onBan={canModerate ? moderation.openBan : undefined}
            onPin={canModerate ? pinned.setPinned : undefined}
            pinnedIds={pinned.pinnedIds}
            ignoredIds={ignoring.ignoredIds}
            onReport={tools.openReport}
            onIgnore={ignoring.ignore}
            onCopy={onCopyMessage}
            onCopyLink={onCopyLink}
            onToggleReaction={onToggleReaction}
            onRetry={messages.retry}
          />
        </ReferenceContext>
        <TypingIndicator names={typingNames} />
        <Composer
          members={members.members}
          currentUserId={user?.id}
          onSend={onSend}
          onTyping={realtime.notifyTyping}
          onEditLast={onEditLast}
          blockedReason={moderation.blockedReason ?? slowModeWait}
          replyingTo={
            replyQuote
              ? { id: replyQuote.message_id, name: authorName(replyQuote.author), excerpt: replyQuote.excerpt }
              : null
          }
          onCancelReply={onCancelReply}
        />
        <MuteDialog {...moderation.muteDialog} />
        <ConfirmDialog {...moderation.banDialog} />
        <BannedDialog {...moderation.bannedList} />
        <ReportDialog {...tools.reportDialog} />
        <ReportsDialog {...tools.reportsDialog} />
        <ModerationLogDialog {...tools.logDialog} />
        <PinnedDialog
          open={pinnedOpen}
          onOpenChange={setPinnedOpen}
          pins={pinned.pins}
          onOpenMessage={(id) => navigate(`/chat/${roomId ?? ''}?${MESSAGE_PARAM}=${encodeURIComponent(id)}`)}
        />
        <ConfirmDialog
          open={confirmingLeave}
          onOpenChange={setConfirmingLeave}
          title="Leave this room?"
          description={`You will no longer be a member of ${repo.fullName}. You can join again at any time.`}
          confirmLabel="Leave"
          onConfirm={() => void onLeave()}
        />
      </div>
      {!isMobile && (
        <aside aria-label="Members" className="hidden w-72 shrink-0 border-l md:block">
          {panel(ROOM_ISSUES_LIMIT)}
        </aside>
      )}
      {isMobile && (
        <MembersSheet open={membersOpen} onOpenChange={setMembersOpen}>
          {panel(MOBILE_ISSUES_LIMIT)}
        </MembersSheet>
      )}
    </div>
  );
}
