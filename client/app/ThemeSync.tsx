import { useEffect } from 'react';
import { useSession } from '../hooks/useSession';
import { setTheme, watchSystemTheme } from '../hooks/useTheme';

/**
 * A signed-in user's saved theme preference wins over this browser's choice when it loads. Also
 * keeps the page following the system's light/dark switch from the start (nothing else that is
 * always on screen reads the theme).
 */
export function ThemeSync() {
  const { user } = useSession();
  const preference = user?.theme_preference;
  useEffect(watchSystemTheme, []);
  useEffect(() => {
    if (preference) setTheme(preference);
  }, [preference]);
  return null;
}
