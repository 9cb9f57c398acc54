import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { useTheme } from '../hooks/useTheme';
import { connectToaster } from '../lib/toast';

/**
 * docs/PRODUCT.md §8, §2.7: errors in the destructive style, region 'Notifications', Alt+T focuses it.
 * Toasts sit at the top centre, over the site header's empty middle: the primary actions (Send in
 * the chat composer, Save Changes on the profile) live at the bottom right and the room's own
 * buttons (Copy invite, Show details) just below the site header, and a toast must never cover the
 * button that caused it or the next one the user reaches for.
 *
 * Loaded with the first toast (see lib/toast.ts).
 */
export default function AppToaster() {
  const { resolvedTheme } = useTheme();
  // After the Toaster's own effects (children's run first), so it is listening when the waiting
  // toasts are raised.
  useEffect(() => connectToaster(toast), []);
  return (
    <Toaster
      richColors
      closeButton
      position="top-center"
      theme={resolvedTheme}
      containerAriaLabel="Notifications"
      hotkey={['altKey', 'KeyT']}
    />
  );
}
