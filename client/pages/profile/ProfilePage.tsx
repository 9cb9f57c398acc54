import { useEffect, useRef, useState } from 'react';
import { ArrowLeft, LogOut, Save } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { NO_GITHUB_ACCOUNT_MESSAGE, SYNC_FAILED_MESSAGE } from '../../../shared/api/profiles';
import { publicProfilePath } from '../../../shared/meta';
import { PROFILE_ERRORS } from '../../../shared/validation/profile';
import type { Theme } from '../../../shared/limits';
import { ApiRequestError } from '../../api/http';
import { BasicInfoSection } from '../../components/profile/BasicInfoSection';
import { GithubInfoSection } from '../../components/profile/GithubInfoSection';
import { MailNotificationsSection } from '../../components/profile/MailNotificationsSection';
import { IgnoredUsersSection } from '../../components/profile/IgnoredUsersSection';
import { PreferencesSection } from '../../components/profile/PreferencesSection';
import { PrivacySection } from '../../components/profile/PrivacySection';
import { ProfileSummaryCard } from '../../components/profile/ProfileSummaryCard';
import { SyncSection } from '../../components/profile/SyncSection';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card, CardContent } from '../../components/ui/Card';
import { usePublicUrl } from '../../hooks/usePageMeta';
import { useOwnProfile, useSyncProfile, useUpdateProfile } from '../../hooks/useProfile';
import { useSignOut } from '../../hooks/useSignOut';
import { setTheme } from '../../hooks/useTheme';
import { formFromProfile, formProblem, formToRequest, type ProfileFormState } from './profile-form';

/** The settings card's anchor: the avatar menu's 'Settings' links to /profile#settings. */
const SETTINGS_ID = 'settings';

/** /profile: the signed-in user's own profile, settings, GitHub sync and sign-out. */
export default function ProfilePage() {
  const navigate = useNavigate();
  const profileQuery = useOwnProfile();
  const updateProfile = useUpdateProfile();
  const saveTheme = useUpdateProfile();
  const syncProfile = useSyncProfile();
  const signOut = useSignOut();
  const publicOrigin = usePublicUrl();
  const profile = profileQuery.data;
  const [form, setForm] = useState<ProfileFormState | null>(null);
  const formFor = useRef<string | null>(null);

  // The form starts from the server's copy once; later refreshes (sync) must not wipe unsaved edits.
  useEffect(() => {
    if (profile && formFor.current !== profile.id) {
      formFor.current = profile.id;
      setForm(formFromProfile(profile));
    }
  }, [profile]);

  // The avatar menu's 'Settings' opens /profile#settings: bring the settings card into view and focus.
  const { hash } = useLocation();
  const settingsShown = Boolean(form);
  useEffect(() => {
    if (hash !== `#${SETTINGS_ID}` || !settingsShown) return;
    const settings = document.getElementById(SETTINGS_ID);
    settings?.scrollIntoView({ block: 'start' });
    settings?.focus({ preventScroll: true });
  }, [hash, settingsShown]);

  const failed = profileQuery.isError;
  useEffect(() => {
    if (failed) toast.error('Error', { description: 'Failed to load profile data' });
  }, [failed]);

  if (profileQuery.isPending) {
    return (
      <p role="status" className="p-8 text-center text-muted-foreground">
        Loading profile...
      </p>
    );
  }
  if (!profile || !form) {
    return (
      <div className="space-y-4 p-8 text-center">
        <p className="text-muted-foreground">Failed to load profile</p>
        <Link to="/" className={buttonClasses('outline')}>
          Back to Home
        </Link>
      </div>
    );
  }

  const publicUrl = `${publicOrigin.replace(/\/+$/, '')}${publicProfilePath(profile)}`;

  const onSave = () => {
    const problem = formProblem(form);
    if (problem) {
      toast.error('Validation Error', { description: problem });
      return;
    }
    updateProfile.mutate(formToRequest(form), {
      onSuccess: (saved) => {
        setForm(formFromProfile(saved));
        toast.success('Profile updated successfully!');
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 409) {
          toast.error('Error', { description: PROFILE_ERRORS.usernameTaken });
        } else if (error instanceof ApiRequestError && error.status === 400) {
          toast.error('Validation Error', { description: error.message });
        } else {
          toast.error('Error', { description: 'Failed to update profile' });
        }
      },
    });
  };

  const onSync = () => {
    if (!profile.github_username) {
      toast.error('No GitHub Account', { description: NO_GITHUB_ACCOUNT_MESSAGE });
      return;
    }
    syncProfile.mutate(undefined, {
      onSuccess: () => toast.success('GitHub data synced successfully!'),
      onError: (error) => toast.error('Sync Failed', { description: error.message || SYNC_FAILED_MESSAGE }),
    });
  };

  const onThemeChange = (theme: Theme) => {
    setTheme(theme);
    setForm({ ...form, theme_preference: theme });
    // The theme is a preference, not a draft: keep it even if the rest of the form is not saved.
    saveTheme.mutate(
      { theme_preference: theme },
      { onError: () => toast.error('Error', { description: 'Failed to update profile' }) },
    );
  };

  const onSignOut = () => {
    signOut.mutate(undefined, {
      onSuccess: () => void navigate('/auth'),
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 401) void navigate('/auth');
        else toast.error('Error', { description: error.message || 'Failed to sign out' });
      },
    });
  };

  const saving = updateProfile.isPending;

  return (
    <div className="mx-auto max-w-6xl space-y-6 p-4 md:p-8">
      <Link to="/" className={buttonClasses('ghost', 'sm')}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Home
      </Link>
      <h1 className="text-2xl font-bold">Profile</h1>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div>
          <ProfileSummaryCard profile={profile} />
        </div>
        <Card
          id={SETTINGS_ID}
          tabIndex={-1}
          role="region"
          aria-label="Settings"
          className="scroll-mt-20 focus:outline-none"
        >
          <CardContent className="space-y-6 pt-5">
            <GithubInfoSection profile={profile} />
            <BasicInfoSection
              values={form}
              onChange={(patch) => setForm({ ...form, ...patch })}
              publicUrl={publicUrl}
            />
            <PrivacySection
              value={form.privacy_settings}
              onChange={(privacy_settings) => setForm({ ...form, privacy_settings })}
            />
            <SyncSection syncing={syncProfile.isPending} lastSyncedAt={profile.github_synced_at} onSync={onSync} />
            <PreferencesSection theme={form.theme_preference} onThemeChange={onThemeChange} />
            <IgnoredUsersSection />
            <MailNotificationsSection />
            <div className="flex flex-wrap justify-between gap-3 pt-2">
              <Button variant="outline" onClick={onSignOut} disabled={signOut.isPending}>
                <LogOut className="h-4 w-4" aria-hidden="true" />
                Sign Out
              </Button>
              <Button onClick={onSave} disabled={saving} aria-busy={saving}>
                <Save className="h-4 w-4" aria-hidden="true" />
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
