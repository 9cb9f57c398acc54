import MentionsButton from './MentionsButton';
import ThreadsButton from './ThreadsButton';

/**
 * The header's buttons for a signed-in user ("Mentions", "Threads"), one chunk that visitors never
 * download: one lazy import costs the home page's first load less than one per button.
 */
export default function SignedInHeaderButtons() {
  return (
    <>
      <MentionsButton />
      <ThreadsButton />
    </>
  );
}
