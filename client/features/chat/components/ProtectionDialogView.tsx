import { useState } from 'react';
import {
  FIRST_MESSAGES_HELD,
  FIRST_MESSAGES_LABELS,
  NEW_ACCOUNT_DAYS,
  NEW_ACCOUNT_LABELS,
  type FirstMessagesHeld,
  type NewAccountDays,
  type NewcomerLinks,
  type ProtectionSettingsDto,
} from '../../../../shared/api/protection';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogContent } from '../../../components/ui/Dialog';
import { Switch } from '../../../components/ui/Switch';

export interface ProtectionDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The room's settings as read; undefined while they load. */
  settings: ProtectionSettingsDto | undefined;
  saving: boolean;
  onSave(settings: ProtectionSettingsDto): void;
}

const selectClass = 'h-9 w-full rounded-md border border-input bg-background px-2 text-sm';

/** A moderator's "Protection" settings: new accounts, first messages, links from newcomers, lock. */
export default function ProtectionDialogView({ open, onOpenChange, settings, saving, onSave }: ProtectionDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Protection"
        description="Keep spam from new accounts out. Moderators and the repository's contributors are never held."
        className="max-w-md"
      >
        {!settings ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : (
          <ProtectionForm key={JSON.stringify(settings)} settings={settings} saving={saving} onSave={onSave} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The four settings, edited together and saved at once. */
function ProtectionForm({
  settings,
  saving,
  onSave,
}: {
  settings: ProtectionSettingsDto;
  saving: boolean;
  onSave(settings: ProtectionSettingsDto): void;
}) {
  const [draft, setDraft] = useState(settings);
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(draft);
      }}
    >
      <label className="block space-y-1 text-sm">
        <span className="font-medium">New GitHub accounts can post after</span>
        <select
          className={selectClass}
          value={draft.new_account_days}
          onChange={(e) => setDraft({ ...draft, new_account_days: Number(e.target.value) as NewAccountDays })}
        >
          {NEW_ACCOUNT_DAYS.map((days) => (
            <option key={days} value={days}>
              {NEW_ACCOUNT_LABELS[days]}
            </option>
          ))}
        </select>
      </label>
      <label className="block space-y-1 text-sm">
        <span className="font-medium">First messages need approval</span>
        <select
          className={selectClass}
          value={draft.first_messages_held}
          onChange={(e) => setDraft({ ...draft, first_messages_held: Number(e.target.value) as FirstMessagesHeld })}
        >
          {FIRST_MESSAGES_HELD.map((count) => (
            <option key={count} value={count}>
              {FIRST_MESSAGES_LABELS[count]}
            </option>
          ))}
        </select>
        <span className="block text-xs text-muted-foreground">Of members who joined less than a week ago.</span>
      </label>
      <label className="block space-y-1 text-sm">
        <span className="font-medium">Links from newcomers</span>
        <select
          className={selectClass}
          value={draft.newcomer_links}
          onChange={(e) => setDraft({ ...draft, newcomer_links: e.target.value as NewcomerLinks })}
        >
          <option value="allowed">Allowed</option>
          <option value="held">Held for approval</option>
        </select>
      </label>
      <div className="flex items-center justify-between gap-2 text-sm">
        <label htmlFor="protection-lock" className="font-medium">
          Lock room
          <span className="block text-xs font-normal text-muted-foreground">Only moderators post.</span>
        </label>
        <Switch
          id="protection-lock"
          checked={draft.locked}
          onCheckedChange={(locked: boolean) => setDraft({ ...draft, locked })}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}
