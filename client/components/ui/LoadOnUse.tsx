import { Suspense, useState, type ReactElement, type ReactNode } from 'react';

export interface PlaceholderHandlers {
  onClick(): void;
  onPointerEnter(): void;
  onFocus(): void;
}

interface LoadOnUseProps {
  /** Starts downloading the real control's code (on hover or focus, before the click). */
  preload(): void;
  /** A trigger that looks like the real one, shown until the real control has loaded. */
  placeholder(handlers: PlaceholderHandlers): ReactElement;
  /** The real control (a lazy component), opened at once: it replaces the placeholder once used. */
  children: ReactNode;
}

/**
 * A menu or popover whose code is downloaded the first time it is used, not with the page: the
 * first click on the placeholder loads the real control, which opens then.
 */
export function LoadOnUse({ preload, placeholder, children }: LoadOnUseProps) {
  const [used, setUsed] = useState(false);
  const shown = placeholder({ onClick: () => setUsed(true), onPointerEnter: preload, onFocus: preload });
  if (!used) return shown;
  return <Suspense fallback={shown}>{children}</Suspense>;
}
