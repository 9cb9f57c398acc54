import type { PrivacyFlag, PrivacySettingsDto } from '../../../shared/api/profiles';
import { Label } from '../ui/Label';
import { Select } from '../ui/Select';
import { Switch } from '../ui/Switch';
import { ProfileSection } from './ProfileSection';

const FLAGS: Array<{ flag: PrivacyFlag; label: string; hint: string }> = [
  { flag: 'show_github_stats', label: 'Show GitHub statistics', hint: 'Repositories, followers, streak and languages' },
  { flag: 'show_repositories', label: 'Show repositories', hint: 'Your popular repositories' },
  { flag: 'show_contributions', label: 'Show contributions', hint: 'Your recent contributions' },
  { flag: 'show_location', label: 'Show location', hint: 'Your location from GitHub' },
  { flag: 'show_company', label: 'Show company', hint: 'Your company from GitHub' },
];

const VISIBILITY_OPTIONS = [
  { value: 'public', label: 'Public: anyone can view' },
  { value: 'private', label: 'Private: only you' },
] as const;

/** What others see on the public profile page. */
export function PrivacySection({
  value,
  onChange,
}: {
  value: PrivacySettingsDto;
  onChange: (next: PrivacySettingsDto) => void;
}) {
  return (
    <ProfileSection title="Privacy Settings" description="Choose what appears on your public profile.">
      <div className="space-y-2">
        <Label htmlFor="profile-visibility">Profile visibility</Label>
        <Select
          id="profile-visibility"
          value={value.profile_visibility}
          options={VISIBILITY_OPTIONS}
          onValueChange={(visibility) =>
            onChange({ ...value, profile_visibility: visibility === 'private' ? 'private' : 'public' })
          }
        />
      </div>
      <ul className="space-y-3">
        {FLAGS.map(({ flag, label, hint }) => (
          <li key={flag} className="flex items-center justify-between gap-4">
            <div>
              <Label htmlFor={`privacy-${flag}`}>{label}</Label>
              <p className="text-xs text-muted-foreground">{hint}</p>
            </div>
            <Switch
              id={`privacy-${flag}`}
              checked={value[flag]}
              onCheckedChange={(checked) => onChange({ ...value, [flag]: checked })}
            />
          </li>
        ))}
      </ul>
    </ProfileSection>
  );
}
