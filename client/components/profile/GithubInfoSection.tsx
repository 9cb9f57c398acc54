import type { OwnProfileDto } from '../../../shared/api/profiles';
import { ProfileSection } from './ProfileSection';
import { formatMonthYear, safeHttpUrl } from './safe-url';

/** Read-only facts from GitHub (refreshed by a sync). */
export function GithubInfoSection({ profile }: { profile: OwnProfileDto }) {
  const website = safeHttpUrl(profile.blog);
  const rows: Array<{ label: string; value: React.ReactNode }> = [
    { label: 'GitHub Username', value: profile.github_username },
    { label: 'Company', value: profile.company },
    { label: 'Location', value: profile.location },
    {
      label: 'Website',
      value: website ? (
        <a href={website} target="_blank" rel="noopener noreferrer" className="text-primary hover:underline">
          {profile.blog}
        </a>
      ) : (
        profile.blog
      ),
    },
    { label: 'Member since', value: formatMonthYear(profile.github_created_at) },
  ];
  return (
    <ProfileSection title="GitHub Information" description="Read-only details from your GitHub account.">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-xs font-medium text-muted-foreground">{row.label}</dt>
            <dd className="text-sm break-words">{row.value || <span className="text-muted-foreground">—</span>}</dd>
          </div>
        ))}
      </dl>
    </ProfileSection>
  );
}
