import { lazy, Suspense, useEffect, useState } from 'react';

const QuickSwitcherDialog = lazy(() => import('./QuickSwitcherDialog'));

/** Whether a key press is Ctrl+K, or ⌘K on macOS. */
export function isSwitcherShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

/** Listens for Ctrl+K (⌘K) anywhere and opens "Jump to a room"; its code loads on the first press. */
export function QuickSwitcher() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSwitcherShortcut(event)) return;
      // The browser's own Ctrl+K (its search bar) gives way here.
      event.preventDefault();
      setWanted(true);
      setOpen((current) => !current);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <QuickSwitcherDialog open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
