import { SmilePlus } from 'lucide-react';
import { lazy } from 'react';
import { LoadOnUse } from '../../../components/ui/LoadOnUse';
import { TOOLBAR_BUTTON_CLASS } from './toolbar-buttons';

const loadPalette = () => import('./ReactionPalette');
const ReactionPalette = lazy(loadPalette);

/** The 'add reaction' button; the palette's code is downloaded when it is first used. */
export function ReactionPicker({ onPick }: { onPick(emoji: string): void }) {
  return (
    <LoadOnUse
      preload={() => void loadPalette()}
      placeholder={(handlers) => (
        <button
          type="button"
          aria-label="Add reaction"
          aria-haspopup="dialog"
          aria-expanded={false}
          className={TOOLBAR_BUTTON_CLASS}
          {...handlers}
        >
          <SmilePlus className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    >
      <ReactionPalette onPick={onPick} defaultOpen />
    </LoadOnUse>
  );
}
