import { Toaster } from 'sonner';
import { useTheme } from '../hooks/useTheme';

/**
 * SPEC §8/§9: errors in the destructive style, region 'Notifications', Alt+T focuses it.
 * Toasts sit at the top centre: the primary actions (Send in the chat composer, Save Changes on the
 * profile) live at the bottom right, and a toast must never cover the button that caused it.
 */
export function AppToaster() {
  const { resolvedTheme } = useTheme();
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
