import type { HeldMessageDto } from '../../../../shared/api/protection';
import { Composer, type ComposerProps } from './Composer';
import { ProtectionNotices } from './ProtectionNotices';
import { ReaderBar, type ReaderBarProps } from './ReaderBar';
import { RoomTypingIndicator } from './TypingIndicator';

/**
 * The foot of the room: for a member, who is typing, the room's protection notices (locked, my
 * messages waiting for approval) and the composer; for anyone else reading it, "Join Chat" or
 * "Sign in to chat".
 */
export function RoomWritingArea({
  member,
  locked,
  ownHeld,
  composer,
  reader,
}: {
  member: boolean;
  locked: boolean;
  ownHeld: HeldMessageDto[];
  composer: ComposerProps;
  reader: ReaderBarProps;
}) {
  if (!member) return <ReaderBar {...reader} />;
  return (
    <>
      <RoomTypingIndicator />
      <ProtectionNotices locked={locked} ownHeld={ownHeld} />
      <Composer {...composer} />
    </>
  );
}

/** A room its moderators opened to members only, to someone else: its repository's facts and the way in. */
export function MembersOnlyRoom({
  repo,
  reader,
}: {
  repo: { fullName: string; description: string | null };
  reader: ReaderBarProps;
}) {
  return (
    <div className="flex flex-col">
      <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
        <h1 className="text-lg font-semibold">{repo.fullName}</h1>
        <p className="text-sm text-muted-foreground">{repo.description ?? 'No description provided.'}</p>
        <p className="text-sm text-muted-foreground">This room can be read by its members only.</p>
      </div>
      <ReaderBar {...reader} />
    </div>
  );
}
