import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ARCHIVE_ACCESS,
  ARCHIVE_ACCESS_LABELS,
  type ArchiveAccess,
  type ArchiveSettings,
} from '../../../../shared/api/archive';
import { apiFetch } from '../../../api/http';
import { Button } from '../../../components/ui/Button';
import { usePublicUrl } from '../../../hooks/usePageMeta';
import { toast } from '../../../lib/toast';
import { roomQueryKey } from '../hooks/useRoomAccess';

/**
 * In the room's details: the README badge for everyone ("Add a badge to your README"), and for
 * moderators the room's "Public archive" settings (docs/PRODUCT.md §22).
 */
export function RoomArchiveSection({
  roomId,
  repoFullName,
  settings,
  canModerate,
}: {
  roomId: string;
  repoFullName: string;
  settings: ArchiveSettings | undefined;
  canModerate: boolean;
}) {
  const publicUrl = usePublicUrl().replace(/\/+$/, '');
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const roomUrl = `${publicUrl}/r/${repoFullName}`;
  const snippet = `[![chat](${roomUrl}/badge.svg)](${roomUrl})`;

  const copy = () => {
    if (!navigator.clipboard) return void toast.error('Failed to copy');
    navigator.clipboard
      .writeText(snippet)
      .then(() => toast.success('Badge copied'))
      .catch(() => toast.error('Failed to copy'));
  };

  const change = (next: Partial<ArchiveSettings>) => {
    setSaving(true);
    apiFetch<ArchiveSettings>(`/api/rooms/${encodeURIComponent(roomId)}/archive-settings`, {
      method: 'PUT',
      body: next,
    })
      .then(() => queryClient.invalidateQueries({ queryKey: roomQueryKey(roomId) }))
      .catch((error: unknown) =>
        toast.error('Failed to change the public archive', {
          description: error instanceof Error ? error.message : undefined,
        }),
      )
      .finally(() => setSaving(false));
  };

  return (
    <div className="space-y-4">
      <section aria-labelledby="badge-heading" className="space-y-2">
        <h2 id="badge-heading" className="text-xs font-semibold text-muted-foreground uppercase">
          Add a badge to your README
        </h2>
        <img src={`/r/${repoFullName}/badge.svg`} alt={`chat: ${repoFullName}`} height={20} />
        <div className="flex items-center gap-2">
          <code className="min-w-0 flex-1 truncate rounded bg-secondary px-2 py-1 text-xs" data-testid="badge-snippet">
            {snippet}
          </code>
          <Button size="sm" variant="outline" onClick={copy}>
            Copy
          </Button>
        </div>
        <a href={`/r/${repoFullName}/archive`} className="text-xs text-primary hover:underline">
          Archive
        </a>
      </section>
      {canModerate && settings && (
        <fieldset className="space-y-2" disabled={saving}>
          <legend className="text-xs font-semibold text-muted-foreground uppercase">Public archive</legend>
          {ARCHIVE_ACCESS.map((access: ArchiveAccess) => (
            <label key={access} className="flex items-center gap-2">
              <input
                type="radio"
                name="archive-access"
                checked={settings.access === access}
                onChange={() => change({ access })}
              />
              {ARCHIVE_ACCESS_LABELS[access]}
            </label>
          ))}
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={settings.indexing === 'hidden'}
              onChange={(event) => change({ indexing: event.target.checked ? 'hidden' : 'indexed' })}
            />
            Hide from search engines
          </label>
        </fieldset>
      )}
    </div>
  );
}
