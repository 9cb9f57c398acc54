import { RefreshCw } from 'lucide-react';
import { Button } from '../ui/Button';
import { ProfileSection } from './ProfileSection';

/** 'Sync GitHub Data': refreshes repositories, contributions and statistics from GitHub. */
export function SyncSection({
  syncing,
  lastSyncedAt,
  onSync,
}: {
  syncing: boolean;
  lastSyncedAt: string | null;
  onSync: () => void;
}) {
  return (
    <ProfileSection
      title="Sync GitHub Data"
      description="Update your repositories, contributions and statistics from GitHub."
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={onSync} disabled={syncing} aria-busy={syncing}>
          <RefreshCw className={syncing ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
          {syncing ? 'Syncing...' : 'Sync Now'}
        </Button>
        {lastSyncedAt && (
          <span className="text-xs text-muted-foreground">
            Last synced {new Date(lastSyncedAt).toLocaleString('en-US')}
          </span>
        )}
      </div>
    </ProfileSection>
  );
}
