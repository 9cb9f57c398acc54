import { useEffect } from 'react';
import { Building2, CalendarDays, ExternalLink, MapPin } from 'lucide-react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { PROFILE_NOT_FOUND_MESSAGE, type PublicProfileDto } from '../../../shared/api/profiles';
import { publicProfilePageMeta } from '../../../shared/meta';
import { ApiRequestError } from '../../api/http';
import { useSiteConfig } from '../../hooks/useSiteConfig';
import { ContributionList } from '../../components/profile/ContributionList';
import { GithubStatistics } from '../../components/profile/GithubStatistics';
import { RepositoryList } from '../../components/profile/RepositoryList';
import { safeHttpUrl, yearOf } from '../../components/profile/safe-url';
import { Avatar } from '../../components/ui/Avatar';
import { buttonClasses } from '../../components/ui/Button';
import { Card, CardContent } from '../../components/ui/Card';
import { Skeleton } from '../../components/ui/Skeleton';
import { usePageMeta, usePublicUrl } from '../../hooks/usePageMeta';
import { usePublicProfile } from '../../hooks/useProfile';
import { displayName } from '../../../shared/display-name';

/** /user/{username or id}: anyone's public profile, within the owner's privacy choices. */
export default function PublicProfilePage() {
  const { username } = useParams();
  if (!username) return <Navigate to="/" replace />;
  return <PublicProfile idOrUsername={username} />;
}

function PublicProfile({ idOrUsername }: { idOrUsername: string }) {
  const navigate = useNavigate();
  const query = usePublicProfile(idOrUsername);
  const error = query.error;

  useEffect(() => {
    if (!error) return;
    const notFound = error instanceof ApiRequestError && error.status === 404;
    toast.error('Error', { description: notFound ? PROFILE_NOT_FOUND_MESSAGE : 'Failed to fetch profile' });
    void navigate('/', { replace: true });
  }, [error, navigate]);

  if (query.isPending || !query.data) {
    return (
      <div role="status" aria-label="Loading profile..." className="mx-auto max-w-5xl space-y-4 p-4 md:p-8">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  return <PublicProfileView profile={query.data} />;
}

function PublicProfileView({ profile }: { profile: PublicProfileDto }) {
  const publicUrl = usePublicUrl();
  const { data: site } = useSiteConfig();
  usePageMeta(publicProfilePageMeta(profile, publicUrl));

  const handle = profile.username ?? profile.github_username;
  // The login is who they are: shown too when the username says something else.
  const githubLogin =
    profile.github_username && profile.github_username.toLowerCase() !== handle?.toLowerCase()
      ? profile.github_username
      : null;
  const name = displayName(profile, 'GitHub user');
  const githubUrl = safeHttpUrl(profile.github_url);
  const since = yearOf(profile.github_created_at);

  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 md:p-8">
      <Card>
        <CardContent className="flex flex-col gap-6 pt-6 sm:flex-row sm:items-start">
          <Avatar src={profile.avatar_url} name={name} className="h-28 w-28 self-center text-3xl sm:self-start" />
          <div className="min-w-0 flex-1 space-y-3">
            <div>
              <h1 className="text-2xl font-bold break-words">{name}</h1>
              {handle && <p className="text-muted-foreground">@{handle}</p>}
              {githubLogin && (
                <p className="text-sm text-muted-foreground" data-testid="public-github-login">
                  GitHub: {githubLogin}
                </p>
              )}
            </div>
            {profile.bio && <p className="break-words whitespace-pre-line">{profile.bio}</p>}
            <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
              {profile.location && (
                <li className="inline-flex items-center gap-1.5" data-testid="public-location">
                  <MapPin className="h-4 w-4" aria-hidden="true" />
                  {profile.location}
                </li>
              )}
              {profile.company && (
                <li className="inline-flex items-center gap-1.5" data-testid="public-company">
                  <Building2 className="h-4 w-4" aria-hidden="true" />
                  {profile.company}
                </li>
              )}
              {since && (
                <li className="inline-flex items-center gap-1.5">
                  <CalendarDays className="h-4 w-4" aria-hidden="true" />
                  GitHub since {since}
                </li>
              )}
            </ul>
            {githubUrl && (
              <a href={githubUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'sm')}>
                <ExternalLink className="h-4 w-4" aria-hidden="true" />
                View GitHub Profile
              </a>
            )}
          </div>
        </CardContent>
      </Card>
      {profile.statistics && <GithubStatistics statistics={profile.statistics} />}
      {profile.repositories && <RepositoryList repositories={profile.repositories} />}
      {profile.contributions && (
        <ContributionList contributions={profile.contributions} githubWebUrl={site?.githubWebUrl ?? null} />
      )}
    </div>
  );
}
