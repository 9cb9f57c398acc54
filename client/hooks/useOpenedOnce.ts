import { useState } from 'react';

/**
 * True from the first time `open` is true on: a dialog, sheet or menu whose code loads on first use
 * is mounted then, and stays mounted so it can close (and reopen) like any other.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
