import { ExternalLink } from 'lucide-react';
import type { OwnProfileDto } from '../../../shared/api/profiles';
import { Avatar } from '../ui/Avatar';
import { buttonClasses } from '../ui/Button';
import { Card, CardContent } from '../ui/Card';
import { safeHttpUrl } from './safe-url';
import { pluralWord } from '../../lib/plural';
import { displayName } from '../../../shared/display-name';

/** Left card of /profile: who the user is on GitHub at a glance. */
export function ProfileSummaryCard({ profile }: { profile: OwnProfileDto }) {
  const name = displayName(profile, 'Your profile');
  const githubUrl = safeHttpUrl(profile.github_url);
  const counts = [
    { label: pluralWord(profile.public_repos, 'Repository', 'Repositories'), value: profile.public_repos },
    { label: pluralWord(profile.followers, 'Follower', 'Followers'), value: profile.followers },
    { label: 'Following', value: profile.following },
  ];
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 pt-6 text-center">
        <Avatar src={profile.avatar_url} name={name} className="h-24 w-24 text-2xl" />
        <div>
          <p className="text-xl font-semibold break-words" data-testid="profile-display-name">
            {name}
          </p>
          {profile.github_username && <p className="text-sm text-muted-foreground">@{profile.github_username}</p>}
        </div>
        {profile.bio && <p className="text-sm break-words whitespace-pre-line">{profile.bio}</p>}
        <dl className="grid w-full grid-cols-3 gap-2 text-center">
          {counts.map((count) => (
            <div key={count.label} className="rounded-md bg-muted p-2">
              <dd className="text-lg font-semibold">{count.value.toLocaleString('en-US')}</dd>
              <dt className="text-xs text-muted-foreground">{count.label}</dt>
            </div>
          ))}
        </dl>
        {githubUrl && (
          <a
            href={githubUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('outline', 'sm') + ' w-full'}
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            View GitHub Profile
          </a>
        )}
      </CardContent>
    </Card>
  );
}
