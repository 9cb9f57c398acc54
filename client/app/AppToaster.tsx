import { Toaster } from 'sonner';
import { useTheme } from '../hooks/useTheme';

/** SPEC §8/§9: errors in the destructive style, region 'Notifications', Alt+T focuses it. */
export function AppToaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Toaster
      richColors
      closeButton
      position="bottom-right"
      theme={resolvedTheme}
      containerAriaLabel="Notifications"
      hotkey={['altKey', 'KeyT']}
    />
  );
}
