import { REPORT_REASON_LABELS, type ReportedMessageDto } from '../../../../shared/api/moderation-tools';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogContent } from '../../../components/ui/Dialog';
import { displayName } from './person';

export interface ReportsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  reports: ReportedMessageDto[] | undefined;
  loading: boolean;
  onDismiss(messageId: string): void;
  onRemove(messageId: string): void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** '2 reports', '1 report'. */
function reportsText(count: number): string {
  return `${count} ${count === 1 ? 'report' : 'reports'}`;
}

/** A moderator's open reports: each reported message with its reasons, to dismiss or remove. */
export default function ReportsDialogView({
  open,
  onOpenChange,
  reports,
  loading,
  onDismiss,
  onRemove,
}: ReportsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Reports" description="Messages members of this room reported." className="max-w-lg">
        {loading || !reports ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : reports.length === 0 ? (
          <p className="text-sm text-muted-foreground">No open reports.</p>
        ) : (
          <ul className="max-h-96 space-y-3 overflow-y-auto" aria-label="Reported messages">
            {reports.map((report) => (
              <li key={report.message.id} className="space-y-2 rounded-md border p-2" data-testid="reported-message">
                <div className="text-xs text-muted-foreground">
                  {displayName(report.message.author)} · {timeFormat.format(new Date(report.message.created_at))}
                </div>
                <p className="line-clamp-4 text-sm break-words whitespace-pre-wrap">{report.message.content}</p>
                <p className="text-xs" data-testid="report-summary">
                  <span className="font-medium">{reportsText(report.report_count)}</span>
                  {': '}
                  {report.reasons
                    .map(
                      (entry) => `${REPORT_REASON_LABELS[entry.reason]}${entry.count > 1 ? ` (${entry.count})` : ''}`,
                    )
                    .join(', ')}
                </p>
                {report.notes.length > 0 && (
                  <ul className="space-y-1 text-xs text-muted-foreground" aria-label="Notes">
                    {report.notes.map((note, index) => (
                      <li key={index} className="break-words">
                        “{note}”
                      </li>
                    ))}
                  </ul>
                )}
                <div className="flex justify-end gap-2">
                  <Button size="sm" variant="outline" onClick={() => onDismiss(report.message.id)}>
                    Dismiss
                  </Button>
                  <Button size="sm" variant="destructive" onClick={() => onRemove(report.message.id)}>
                    Remove message
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
