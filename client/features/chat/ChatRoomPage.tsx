import { CreateIssueDialog } from './components/CreateIssueDialog';
import { useCreateIssue } from './hooks/useCreateIssue';
import { ActivityMenu } from './components/ActivityMenu';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { BANNED_MESSAGE, type BanDto } from '../../../shared/api/rooms';
import { MOBILE_ISSUES_LIMIT, ROOM_ISSUES_LIMIT } from '../../../shared/limits';
import { useSiteConfig } from '../../hooks/useSiteConfig';
import { ChatHeader } from './components/ChatHeader';
import { MembersOnlyRoom, RoomWritingArea } from './components/RoomWritingArea';
import type { ReaderBarProps } from './components/ReaderBar';
import { useMinuteClock } from './hooks/useMinuteClock';
import { ConfirmDialog } from './components/ConfirmDialog';
import { MembersPanel } from './components/MembersPanel';
import { MembersSheet } from './components/MembersSheet';
import { ReferenceContext } from './components/GitHubReference';
import { MuteDialog } from './components/MuteDialog';
import { BannedDialog } from './components/BannedDialog';
import { PinnedDialog } from './components/PinnedDialog';
import { ReportDialog } from './components/ReportDialog';
import { ReportsDialog } from './components/ReportsDialog';
import { ModerationLogDialog } from './components/ModerationLogDialog';
import { RoomMessages } from './components/RoomMessages';
import { ThreadPanel } from './components/ThreadPanel';
import { QuestionsDialog } from './components/QuestionsDialog';
import { useThreadPanel } from './hooks/useThreadPanel';
import { useModerationTools } from './hooks/useModerationTools';
import { useIgnoredUsers } from '../../hooks/useIgnoredUsers';
import { RoomTopic } from './components/RoomTopic';
import { ProtectionDialog } from './components/ProtectionDialog';
import { ReviewButton } from './components/ReviewButton';
import { useHeldMessages, useReviewActions } from './hooks/useHeldMessages';
import { ROOM_LOCKED } from '../../../shared/api/protection';
import { setPinned } from './hooks/pin-message';
import { useRoomModeration, useSlowModeWait } from './hooks/useRoomModeration';
import { authorName } from './components/MessageItem';
import { RoomDetails } from './components/RoomDetails';
import { Button } from '../../components/ui/Button';
import { useIsMobile } from '../../hooks/useMediaQuery';
import { usePageMeta } from '../../hooks/usePageMeta';
import { useRoomAccess } from './hooks/useRoomAccess';
import { useReadPosition } from './hooks/useReadPosition';
import { MESSAGE_PARAM } from './state/message-link';
import { useRoomNotificationLevel } from './hooks/useRoomNotificationLevel';
import { useRoomGoodFirstIssues, useRoomRepository } from './hooks/useRoomRepository';
import { useRoomPageActions } from './hooks/useRoomPageActions';
import { useRoomPeople } from './hooks/useRoomPeople';
import { useRoomSync } from './hooks/useRoomSync';
import { useRoomWriting } from './hooks/useRoomWriting';
import { useAttachmentUploads } from './hooks/useAttachmentUploads';
import type { AttachmentDto } from '../../../shared/attachments/attachments-api';
import { useSession } from '../../hooks/useSession';
import { RoomStoreProvider, useStoreSlice } from './state/room-store-context';
import { toRepositoryView } from './state/repository-view';

/**
 * The chat room. Everything the room shows lives in one store (state/room-store.ts), built from
 * the room's snapshot and kept current by its events (hooks/useRoomSync.ts); this page composes
 * the parts that show it, and holds what is the reader's own (dialogs, the reply being written).
 */
export default function ChatRoomPage() {
  const { roomId } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const isMobile = useIsMobile();
  const now = useMinuteClock();
  const siteConfig = useSiteConfig();
  const githubWebUrl = siteConfig.data?.githubWebUrl ?? 'https://github.com';
  const [searchParams] = useSearchParams();
  const linkedId = searchParams.get(MESSAGE_PARAM);
  const threads = useThreadPanel(linkedId, searchParams.get('thread'));
  const [questionsOpen, setQuestionsOpen] = useState(false);
  const [protectionOpen, setProtectionOpen] = useState(false);

  const access = useRoomAccess(roomId);
  const repoName = access.details?.room.repo_full_name;
  const repository = useRoomRepository(repoName);
  const issues = useRoomGoodFirstIssues(repoName);
  const location = useLocation();
  const member = access.isMember;
  // A room for members only shows a reader nothing of its messages: nothing is read.
  const readable = member || access.details?.archive?.access !== 'members';
  const sync = useRoomSync(roomId, { enabled: access.ready && readable, linkedId, selfId: user?.id ?? null, member });
  const { store, commands } = sync;
  const room = useStoreSlice(store, (view) => view.room);
  const pins = useStoreSlice(store, (view) => view.pins);
  const onlineIds = useStoreSlice(store, (view) => view.onlineIds);
  const bans = useStoreSlice(store, (view) => view.bans);
  const loaded = useStoreSlice(store, (view) => view.messages.loaded);
  const openedAt = useStoreSlice(store, (view) => view.openedAt);
  const bannedSelf = useStoreSlice(store, (view) => view.bannedSelf);
  const { members } = useRoomPeople(store);

  // What `#12` in this room's messages refers to, and where GitHub's pages are.
  const referenceContext = useMemo(
    () => ({ repo: repoName ?? null, webUrl: githubWebUrl.replace(/\/+$/, '') }),
    [repoName, githubWebUrl],
  );
  const onBansRead = useCallback((read: BanDto[]) => store.dispatch({ type: 'bans', bans: read }), [store]);
  const moderation = useRoomModeration(roomId, members, user?.id, { bans, onRead: onBansRead });
  const { canModerate } = moderation;
  const [pinnedOpen, setPinnedOpen] = useState(false);
  const notifications = useRoomNotificationLevel(roomId);
  const writing = useRoomWriting(store, roomId, user);
  const uploads = useAttachmentUploads(access.details?.room.id);
  const messageList = useStoreSlice(store, (view) => view.messages.messages);
  const onSeen = useReadPosition(member ? roomId : undefined, messageList);
  const tools = useModerationTools(roomId, canModerate, writing.actions.removeAsModerator);
  const ignoring = useIgnoredUsers(Boolean(user));
  const page = useRoomPageActions(roomId, repoName, access.markLeaving);
  const issue = useCreateIssue(user ? roomId : undefined);
  const held = useHeldMessages(roomId, Boolean(user) && access.ready);
  const review = useReviewActions(roomId);

  useEffect(() => {
    // A link to a message this room does not have opens at the newest messages instead.
    // (unless it is a reply shown in its thread).
    if (openedAt === 'anchor-missing' && threads.linkedInThread === false) toast.error('Message not found');
  }, [openedAt, threads.linkedInThread]);
  const { markLeaving } = access;
  const leftBanned = useRef(false);
  useEffect(() => {
    if (!bannedSelf || leftBanned.current) return;
    // Removed by a moderator: the room is closed to them, so the page goes home (once).
    leftBanned.current = true;
    markLeaving();
    toast.error(BANNED_MESSAGE);
    navigate('/', { replace: true });
  }, [bannedSelf, markLeaving, navigate]);

  const [detailsOpen, setDetailsOpen] = useState(false);
  const [membersOpen, setMembersOpen] = useState(false);
  const [confirmingLeave, setConfirmingLeave] = useState(false);

  usePageMeta({
    title: repoName ? `${repoName} chat` : 'Chat room',
    path: `/chat/${roomId ?? ''}`,
    noindex: true,
  });

  const onOpenMessage = useCallback(
    (messageId: string) => navigate(`/chat/${roomId ?? ''}?${MESSAGE_PARAM}=${encodeURIComponent(messageId)}`),
    [navigate, roomId],
  );
  const { edit, remove, toggleReaction, retry, removeAsModerator } = writing.actions;
  const { copyMessage, copyLink } = page;
  // Stable row callbacks: message rows are memoized and re-render only when their message changes.
  const messageActions = useMemo(
    () => ({
      readOnly: !member,
      onEdit: (id: string, content: string) => void edit(id, content),
      onDelete: (id: string) => void remove(id),
      onToggleReaction: (id: string, emoji: string) => void toggleReaction(id, emoji),
      onRetry: retry,
      onCopy: copyMessage,
      onCopyLink: copyLink,
      onReply: member ? writing.onReply : undefined,
      onOpenThread: threads.openThread,
      onReport: member ? tools.openReport : undefined,
      onIgnore: user ? ignoring.ignore : undefined,
      ...(member ? { onCreateIssue: issue.open } : {}),
      ...(canModerate
        ? {
            onRemove: (id: string) => void removeAsModerator(id),
            onMute: moderation.openMute,
            onBan: moderation.openBan,
            onPin: setPinned,
          }
        : {}),
    }),
    [
      member,
      user,
      edit,
      remove,
      toggleReaction,
      retry,
      removeAsModerator,
      copyMessage,
      copyLink,
      writing.onReply,
      threads.openThread,
      tools.openReport,
      ignoring.ignore,
      issue.open,
      canModerate,
      moderation.openMute,
      moderation.openBan,
    ],
  );
  const slowModeSeconds = room?.slow_mode_seconds ?? 0;
  const slowModeWait = useSlowModeWait(slowModeSeconds, canModerate, writing.lastOwnSentAt);
  const locked = room?.locked ?? access.details?.room.locked ?? false;
  const heldList = held.data?.held ?? [];
  const ownHeld = heldList.filter((h) => h.author.id === user?.id);
  const { jumpToLatest } = commands;
  const onSend = useCallback(
    (content: string, attachments?: AttachmentDto[]) => writing.onSend(content, jumpToLatest, attachments),
    [writing, jumpToLatest],
  );

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

  const reader: ReaderBarProps = {
    signedIn: access.signedIn,
    joining: access.joining,
    onJoin: () => void access.join(),
    onSignIn: () => void navigate('/auth', { state: { from: `${location.pathname}${location.search}` } }),
  };
  // A room for members only: its repository's facts and "Join Chat" (or "Sign in to chat").
  if (!member && access.details.archive?.access === 'members') return <MembersOnlyRoom repo={repo} reader={reader} />;

  const panel = (limit: number) => (
    <MembersPanel
      members={members}
      onlineIds={onlineIds}
      currentUserId={user?.id}
      issues={{ list: issues.data ?? [], loading: issues.isLoading, limit }}
      now={now}
      moderation={moderation.memberModeration}
      ignoring={
        user ? { ignoredIds: ignoring.ignoredIds, onIgnore: ignoring.ignore, onUnignore: ignoring.unignore } : undefined
      }
    />
  );
  const topic = room?.topic ?? access.details.room.topic ?? '';
  const replyQuote = writing.replyQuote;

  return (
    // Fills what the layout leaves below the banner and header; the message list gives way first, so the
    // composer stays on screen (see MainLayout).
    <RoomStoreProvider store={store} commands={commands}>
      <div data-fills-viewport className="flex h-full min-h-0">
        <div className="flex min-w-0 flex-1 flex-col" {...(user ? uploads.dropTarget : {})}>
          <ChatHeader
            roomId={access.details.room.id}
            repo={repo}
            isMobile={isMobile}
            onBack={page.back}
            onOpenMembers={() => setMembersOpen(true)}
            onOpenPinned={() => setPinnedOpen(true)}
            activity={<ActivityMenu roomId={access.details.room.id} canModerate={canModerate} />}
            extraActions={
              held.data?.can_review ? (
                <ReviewButton held={heldList} onApprove={review.approve} onReject={review.reject} />
              ) : undefined
            }
            more={{
              detailsOpen,
              onToggleDetails: () => setDetailsOpen((open) => !open),
              onCopyInvite: page.copyInvite,
              onOpenQuestions: () => setQuestionsOpen(true),
              member: member
                ? {
                    leaving: page.leaving,
                    onLeave: () => setConfirmingLeave(true),
                    notifications: {
                      level: notifications.level,
                      onChange: (level) => void notifications.setLevel(level),
                    },
                  }
                : undefined,
              moderator: canModerate
                ? {
                    slowModeSeconds,
                    onSlowModeChange: moderation.setSlowMode,
                    openReportCount: tools.openReportCount,
                    onOpenReports: tools.openReports,
                    onOpenModerationLog: tools.openLog,
                    onOpenProtection: () => setProtectionOpen(true),
                  }
                : undefined,
            }}
          />
          <RoomTopic key={topic} topic={topic} onSave={canModerate ? moderation.setTopic : undefined} />
          <RoomDetails
            open={detailsOpen}
            repo={repo}
            githubWebUrl={githubWebUrl}
            roomId={access.details.room.id}
            archive={access.details.archive}
            canModerate={canModerate}
          />
          {sync.connection !== 'open' && loaded && (
            <div role="status" className="border-b bg-secondary px-4 py-1 text-xs text-secondary-foreground">
              Reconnecting…
            </div>
          )}
          <ReferenceContext value={referenceContext}>
            <RoomMessages
              repoName={repo.fullName}
              currentUserId={user?.id}
              actions={messageActions}
              editing={writing.editing}
              ignoredIds={ignoring.ignoredIds}
              onSeen={onSeen}
              onOpenMessage={onOpenMessage}
            />
          </ReferenceContext>
          <RoomWritingArea
            member={member}
            locked={locked}
            ownHeld={ownHeld}
            composer={{
              members,
              currentUserId: user?.id,
              onSend,
              onTyping: commands.notifyTyping,
              onEditLast: writing.onEditLast,
              blockedReason: moderation.blockedReason ?? (locked && !canModerate ? ROOM_LOCKED : slowModeWait),
              replyingTo: replyQuote
                ? { id: replyQuote.message_id, name: authorName(replyQuote.author), excerpt: replyQuote.excerpt }
                : null,
              onCancelReply: writing.onCancelReply,
              uploads,
            }}
            reader={reader}
          />
          <MuteDialog {...moderation.muteDialog} />
          <ConfirmDialog {...moderation.banDialog} />
          <BannedDialog {...moderation.bannedList} />
          <ReportDialog {...tools.reportDialog} />
          <CreateIssueDialog {...issue.dialog} />
          <ReportsDialog {...tools.reportsDialog} />
          <ModerationLogDialog {...tools.logDialog} />
          <ProtectionDialog roomId={access.details.room.id} open={protectionOpen} onOpenChange={setProtectionOpen} />
          <QuestionsDialog
            roomId={access.details.room.id}
            open={questionsOpen}
            onOpenChange={setQuestionsOpen}
            onOpenThread={threads.openThread}
          />
          <PinnedDialog open={pinnedOpen} onOpenChange={setPinnedOpen} pins={pins} onOpenMessage={onOpenMessage} />
          <ConfirmDialog
            open={confirmingLeave}
            onOpenChange={setConfirmingLeave}
            title="Leave this room?"
            description={`You will no longer be a member of ${repo.fullName}. You can join again at any time.`}
            confirmLabel="Leave"
            onConfirm={() => void page.leave()}
          />
        </div>
        {/* The room's references (#N) read the same in its threads. */}
        {threads.open && (
          <ReferenceContext value={referenceContext}>
            <ThreadPanel
              key={threads.open.rootId}
              roomId={access.details.room.id}
              rootId={threads.open.rootId}
              highlightId={threads.open.highlightId}
              currentUserId={user?.id}
              actions={messageActions}
              ignoredIds={ignoring.ignoredIds}
              fullScreen={isMobile}
              onClose={threads.close}
            />
          </ReferenceContext>
        )}
        {!isMobile && !threads.open && (
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
    </RoomStoreProvider>
  );
}
