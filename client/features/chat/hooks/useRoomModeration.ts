import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from '../../../lib/toast';
import type { BanDto, MemberDto, MuteDuration, UserSummaryDto } from '../../../../shared/api/rooms';
import { chatApi } from '../../../api/chat-endpoints';
import { ApiRequestError } from '../../../api/http';
import { displayName } from '../components/person';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** 'You are muted in this room until {time}' (with the date when it is not today). */
export function mutedUntilText(until: string, now: number): string {
  const at = new Date(until);
  const sameDay = at.toDateString() === new Date(now).toDateString();
  return `You are muted in this room until ${(sameDay ? timeFormat : dayTimeFormat).format(at)}`;
}

/** The time, read again whenever `until` (ms) changes and when it passes, so a mute lifts itself on screen. */
function useExpiry(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // A new mute is judged against the time it arrived, not the time the page opened.
    const refresh = setTimeout(() => setNow(Date.now()), 0);
    if (until === null) return () => clearTimeout(refresh);
    // setTimeout holds at most ~24.8 days; mutes are far shorter.
    const expiry = setTimeout(() => setNow(Date.now()), Math.max(0, until - Date.now()) + 50);
    return () => {
      clearTimeout(refresh);
      clearTimeout(expiry);
    };
  }, [until]);
  return now;
}

function failure(title: string, error: unknown): void {
  toast.error(title, { description: error instanceof ApiRequestError ? error.message : undefined });
}

/** The room's bans as its store holds them, and where a fresh reading of them goes. */
export interface RoomBans {
  bans: BanDto[] | null;
  onRead(bans: BanDto[]): void;
}

/**
 * What a moderator does to people from the room page (mute, unmute, ban), and what the current
 * user sees of their own sanctions (the composer's mute line). The room's store is the source:
 * its members and bans follow role, mute and ban events live.
 */
export function useRoomModeration(
  roomId: string | undefined,
  members: MemberDto[],
  currentUserId: string | undefined,
  roomBans: RoomBans,
) {
  const me = members.find((m) => m.user.id === currentUserId);
  const canModerate = me?.moderator === true;
  const mutedUntilMs = me?.muted_until ? Date.parse(me.muted_until) : null;
  const now = useExpiry(mutedUntilMs);
  const blockedReason =
    me?.muted_until && mutedUntilMs !== null && mutedUntilMs > now ? mutedUntilText(me.muted_until, now) : null;

  const [muteTarget, setMuteTarget] = useState<UserSummaryDto | null>(null);
  const mute = useCallback(
    (duration: MuteDuration) => {
      if (!roomId || !muteTarget) return;
      const name = displayName(muteTarget);
      chatApi.rooms.mute(roomId, muteTarget.id, duration).then(
        () => toast.success(`${name} is muted`),
        (error: unknown) => failure('Failed to mute', error),
      );
    },
    [roomId, muteTarget],
  );
  const unmute = useCallback(
    (userId: string) => {
      if (!roomId) return;
      chatApi.rooms.unmute(roomId, userId).catch((error: unknown) => failure('Failed to unmute', error));
    },
    [roomId],
  );
  const openMute = useCallback((user: UserSummaryDto) => setMuteTarget(user), []);
  const closeMute = useCallback(() => setMuteTarget(null), []);

  const [banTarget, setBanTarget] = useState<UserSummaryDto | null>(null);
  const ban = useCallback(() => {
    if (!roomId || !banTarget) return;
    const name = displayName(banTarget);
    chatApi.rooms.ban(roomId, banTarget.id).then(
      () => toast.success(`${name} is banned from this room`),
      (error: unknown) => failure('Failed to ban', error),
    );
  }, [roomId, banTarget]);
  const openBan = useCallback((user: UserSummaryDto) => setBanTarget(user), []);

  // The 'Banned' list: in the store (snapshot, then ban events), read again when it is opened.
  const [bannedOpen, setBannedOpen] = useState(false);
  const { onRead: onBansRead } = roomBans;
  useEffect(() => {
    if (!canModerate || !bannedOpen || !roomId) return;
    const controller = new AbortController();
    chatApi.rooms
      .bans(roomId, { signal: controller.signal })
      .then(({ bans }) => onBansRead(bans))
      .catch(() => undefined);
    return () => controller.abort();
  }, [canModerate, bannedOpen, roomId, onBansRead]);
  const unban = useCallback(
    (userId: string) => {
      if (!roomId) return;
      chatApi.rooms.unban(roomId, userId).catch((error: unknown) => failure('Failed to unban', error));
    },
    [roomId],
  );

  const memberModeration = useMemo(
    () =>
      canModerate
        ? { onMute: openMute, onUnmute: unmute, onBan: openBan, onOpenBanned: () => setBannedOpen(true) }
        : undefined,
    [canModerate, openMute, unmute, openBan],
  );

  const setSlowMode = useCallback(
    (seconds: number) => {
      if (!roomId) return;
      chatApi.rooms
        .setSlowMode(roomId, seconds)
        .catch((error: unknown) => failure('Failed to change slow mode', error));
    },
    [roomId],
  );

  const setTopic = useCallback(
    (topic: string) => {
      if (!roomId) return;
      chatApi.rooms.setTopic(roomId, topic).catch((error: unknown) => failure('Failed to set the topic', error));
    },
    [roomId],
  );

  return {
    canModerate,
    setSlowMode,
    setTopic,
    blockedReason,
    memberModeration,
    muteDialog: { name: muteTarget ? displayName(muteTarget) : null, onClose: closeMute, onMute: mute },
    openMute,
    openBan,
    banDialog: {
      open: banTarget !== null,
      onOpenChange: (open: boolean) => !open && setBanTarget(null),
      title: `Ban ${banTarget ? displayName(banTarget) : ''} from this room?`,
      description: 'They are removed from the room and cannot join it again until a moderator unbans them.',
      confirmLabel: 'Ban from room',
      onConfirm: ban,
    },
    bannedList: {
      open: bannedOpen,
      onOpenChange: setBannedOpen,
      bans: roomBans.bans ?? undefined,
      loading: roomBans.bans === null,
      onUnban: unban,
    },
  };
}

/** 'Slow mode is on: you can send again in {n} s'. */
export function slowModeWaitText(seconds: number): string {
  return `Slow mode is on: you can send again in ${seconds} s`;
}

/**
 * The composer's slow-mode wait: seconds left until the member may send again after their last
 * message, counted down every second; null when they may send (or are exempt as a moderator).
 */
export function useSlowModeWait(intervalSeconds: number, exempt: boolean, lastSentAt: string | undefined) {
  const until = !exempt && intervalSeconds > 0 && lastSentAt ? Date.parse(lastSentAt) + intervalSeconds * 1000 : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const first = setTimeout(() => setNow(Date.now()), 0);
    if (until === null) return () => clearTimeout(first);
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [until]);
  if (until === null || until <= now) return null;
  return slowModeWaitText(Math.ceil((until - now) / 1000));
}
