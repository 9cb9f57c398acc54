import { useState } from 'react';
import { ISSUE_SCOPE_EXPLANATION } from '../../../../shared/api/issues';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/Dialog';
import { Input, Textarea } from '../../../components/ui/Input';
import type { IssueDraft } from '../hooks/useCreateIssue';

export interface CreateIssueDialogProps {
  draft: IssueDraft | null;
  error: { message: string; scopeNeeded: boolean } | null;
  busy: boolean;
  onSubmit(draft: IssueDraft): void;
  onAskGitHub(draft: IssueDraft): void;
  onClose(): void;
}

/** "Create issue": the thread's title and quoted messages, both editable, then "Create issue on GitHub". */
export default function CreateIssueDialogView({
  draft,
  error,
  busy,
  onSubmit,
  onAskGitHub,
  onClose,
}: CreateIssueDialogProps) {
  const [edited, setEdited] = useState<IssueDraft | null>(draft);
  const [shownFor, setShownFor] = useState(draft);
  // Each new draft (a dialog opened again) starts from it; edits survive a failed attempt.
  if (draft !== shownFor) {
    setShownFor(draft);
    if (draft && draft.rootId !== edited?.rootId) setEdited(draft);
    if (!draft) setEdited(null);
  }
  const current = edited ?? draft;
  return (
    <Dialog open={draft !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Create issue"
        description="Opens an issue in this repository on GitHub, under your name."
        className="max-w-lg"
      >
        {current && (
          <form
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit(current);
            }}
          >
            <label className="block space-y-1 text-sm">
              <span className="font-medium">Title</span>
              <Input
                value={current.title}
                maxLength={256}
                onChange={(event) => setEdited({ ...current, title: event.target.value })}
                autoFocus
              />
            </label>
            <label className="block space-y-1 text-sm">
              <span className="font-medium">Description</span>
              <Textarea
                value={current.body}
                rows={10}
                className="font-mono text-xs"
                onChange={(event) => setEdited({ ...current, body: event.target.value })}
              />
            </label>
            {error && (
              <div role="alert" className="space-y-2 rounded-md border border-destructive/40 p-2 text-sm">
                <p>{error.message}</p>
                {error.scopeNeeded && (
                  <>
                    <p className="text-muted-foreground">{ISSUE_SCOPE_EXPLANATION}</p>
                    <Button type="button" variant="outline" size="sm" onClick={() => onAskGitHub(current)}>
                      Continue on GitHub
                    </Button>
                  </>
                )}
              </div>
            )}
            <div className="flex justify-end gap-2">
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" disabled={busy || current.title.trim() === ''}>
                {busy ? 'Creating…' : 'Create issue on GitHub'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
