import { useEffect } from 'react';
import { useSession } from '../hooks/useSession';
import { setTheme } from '../hooks/useTheme';

/** A signed-in user's saved theme preference wins over this browser's choice when it loads. */
export function ThemeSync() {
  const { user } = useSession();
  const preference = user?.theme_preference;
  useEffect(() => {
    if (preference) setTheme(preference);
  }, [preference]);
  return null;
}
