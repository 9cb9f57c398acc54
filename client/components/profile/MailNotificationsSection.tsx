import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailSettingsBody, MailSettingsDto } from '../../../shared/api/mail';
import { MY_ROOMS_LIMIT_MAX } from '../../../shared/limits';
import { mailApi } from '../../api/mail-endpoints';
import { toast } from '../../lib/toast';
import { useMyRooms } from '../layout/useMyRooms';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { Switch } from '../ui/Switch';
import { ProfileSection } from './ProfileSection';

const MAIL_KEY = ['me', 'mail'] as const;

/**
 * "E-mail notifications": where e-mail goes (GitHub's address, or a typed one confirmed by a
 * link), "Mentions and replies" left unread, and the rooms of the "Daily digest". Saved at once.
 */
export function MailNotificationsSection() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: MAIL_KEY, queryFn: mailApi.settings });
  const rooms = useMyRooms(MY_ROOMS_LIMIT_MAX);
  const saved = (next: MailSettingsDto) => queryClient.setQueryData(MAIL_KEY, next);
  const onError = (error: Error) => toast.error('Could not save e-mail notifications', { description: error.message });
  const update = useMutation({ mutationFn: mailApi.update, onSuccess: saved, onError });
  const address = useMutation({
    mutationFn: (value: string) => mailApi.setAddress({ address: value }),
    onSuccess: (next, value) => {
      saved(next);
      if (value) toast.success('Check your inbox', { description: `A confirmation link was sent to ${value}` });
    },
    onError,
  });
  const [typed, setTyped] = useState('');

  const data = settings.data;
  const change = (patch: Partial<MailSettingsBody>) =>
    data &&
    update.mutate({
      mentions_and_replies: data.mentions_and_replies,
      digest_room_ids: data.digest_room_ids,
      ...patch,
    });

  return (
    <ProfileSection
      title="E-mail notifications"
      description="What you missed while away: at most one e-mail per room and hour, each with an unsubscribe link."
    >
      {!data ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : (
        <div className="space-y-4 text-sm">
          {!data.enabled && <p className="text-muted-foreground">This site sends no e-mail.</p>}
          <div className="space-y-1" data-testid="mail-address">
            <p>
              Address: <span className="font-medium">{data.address ?? 'none'}</span>
              {data.address_source === 'github' && <span className="text-muted-foreground"> (from GitHub)</span>}
            </p>
            {data.pending_address && (
              <p className="text-muted-foreground">Waiting for confirmation: {data.pending_address}</p>
            )}
            <form
              className="flex gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                address.mutate(typed.trim());
              }}
            >
              <Input
                type="email"
                aria-label="Another e-mail address"
                placeholder="Another address (confirmed by a link)"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
              <Button type="submit" variant="outline" disabled={!typed.trim() || address.isPending}>
                Use
              </Button>
              {data.address_source === 'custom' && (
                <Button type="button" variant="ghost" onClick={() => address.mutate('')}>
                  Use GitHub’s
                </Button>
              )}
            </form>
          </div>
          <div className="flex items-center justify-between gap-2">
            <label htmlFor="mail-mentions" className="font-medium">
              Mentions and replies
            </label>
            <Switch
              id="mail-mentions"
              checked={data.mentions_and_replies}
              onCheckedChange={(on: boolean) => change({ mentions_and_replies: on })}
            />
          </div>
          <fieldset className="space-y-1">
            <legend className="font-medium">Daily digest</legend>
            {(rooms.data ?? []).length === 0 ? (
              <p className="text-muted-foreground">Join a room to get its daily digest.</p>
            ) : (
              (rooms.data ?? []).map((room) => {
                const on = data.digest_room_ids.includes(room.id);
                return (
                  <label key={room.id} className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      checked={on}
                      onChange={() =>
                        change({
                          digest_room_ids: on
                            ? data.digest_room_ids.filter((id) => id !== room.id)
                            : [...data.digest_room_ids, room.id],
                        })
                      }
                    />
                    {room.repo_full_name}
                  </label>
                );
              })
            )}
          </fieldset>
        </div>
      )}
    </ProfileSection>
  );
}
