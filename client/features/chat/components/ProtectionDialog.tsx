import { lazy, Suspense } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProtectionSettingsDto } from '../../../../shared/api/protection';
import { protectionApi } from '../../../api/protection-endpoints';
import { useOpenedOnce } from '../../../hooks/useOpenedOnce';
import { toast } from '../../../lib/toast';

// Downloaded the first time it is opened.
const ProtectionDialogView = lazy(() => import('./ProtectionDialogView'));

const protectionKey = (roomId: string) => ['protection', roomId] as const;

/** A moderator's "Protection" settings of the room, read when opened and saved at once. */
export function ProtectionDialog({
  roomId,
  open,
  onOpenChange,
}: {
  roomId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: protectionKey(roomId),
    queryFn: () => protectionApi.settings(roomId),
    enabled: open,
  });
  const save = useMutation({
    mutationFn: (next: ProtectionSettingsDto) => protectionApi.setSettings(roomId, next),
    onSuccess: (saved) => {
      queryClient.setQueryData(protectionKey(roomId), saved);
      toast.success('Protection saved');
      onOpenChange(false);
    },
    onError: (error: Error) => toast.error('Could not save protection', { description: error.message }),
  });
  if (!useOpenedOnce(open)) return null;
  return (
    <Suspense fallback={null}>
      <ProtectionDialogView
        open={open}
        onOpenChange={onOpenChange}
        settings={settings.data}
        saving={save.isPending}
        onSave={(next) => save.mutate(next)}
      />
    </Suspense>
  );
}
