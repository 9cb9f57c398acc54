import { useUnreadLive } from '../../hooks/useUnreadLive';
import MentionsButton from './MentionsButton';
import ThreadsButton from './ThreadsButton';

/**
 * The header's buttons for a signed-in user ("Mentions", "Threads"), and the live unread counts
 * while they are on screen (on every page of the main layout). Part of the signed-in chunk
 * (./signed-in.ts) that visitors never download.
 */
export default function SignedInHeaderButtons() {
  useUnreadLive();
  return (
    <>
      <MentionsButton />
      <ThreadsButton />
    </>
  );
}
