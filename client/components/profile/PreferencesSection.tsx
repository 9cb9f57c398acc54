import type { Theme } from '../../../shared/limits';
import { Label } from '../ui/Label';
import { Select } from '../ui/Select';
import { ProfileSection } from './ProfileSection';

const THEME_OPTIONS = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
] as const;

/** Theme choice; the page applies it at once. */
export function PreferencesSection({ theme, onThemeChange }: { theme: Theme; onThemeChange: (theme: Theme) => void }) {
  return (
    <ProfileSection title="Preferences">
      <div className="space-y-2">
        <Label htmlFor="profile-theme">Theme</Label>
        <Select
          id="profile-theme"
          value={theme}
          options={THEME_OPTIONS}
          onValueChange={(value) => {
            const option = THEME_OPTIONS.find((o) => o.value === value);
            if (option) onThemeChange(option.value);
          }}
        />
      </div>
    </ProfileSection>
  );
}
