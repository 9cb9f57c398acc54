import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** Past this many lines a message is shown folded, with "Show more". */
export const FOLDED_LINES = 25;
/** A message taller than this on screen (long lines that wrap, a wide code block) folds too. */
const FOLDED_HEIGHT_PX = 480;

/**
 * A message's text, folded to about 25 lines when it is longer (or taller) than that, so one
 * message cannot fill the room; "Show more" unfolds it for this reader, "Show less" folds it again.
 */
export function CollapsibleContent({
  text,
  tabbable,
  children,
}: {
  /** The message's text (its lines are counted; a change measures it again). */
  text: string;
  tabbable: boolean;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(false);
  const [expanded, setExpanded] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (element) setTall(element.scrollHeight > FOLDED_HEIGHT_PX);
  }, [text]);
  const long = tall || text.split('\n').length > FOLDED_LINES;
  const folded = long && !expanded;
  return (
    <>
      <div
        ref={box}
        data-folded={folded || undefined}
        className={cn(
          folded && 'max-h-[30rem] overflow-hidden [mask-image:linear-gradient(to_bottom,black_85%,transparent)]',
        )}
      >
        {children}
      </div>
      {long && (
        <button
          type="button"
          tabIndex={tabbable ? 0 : -1}
          aria-expanded={expanded}
          onClick={() => setExpanded((open) => !open)}
          className="mt-1 text-xs font-medium text-primary underline-offset-2 hover:underline"
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </>
  );
}
