import { lazy, Suspense } from 'react';
import type { CreateIssueDialogProps } from './CreateIssueDialogView';

export type { CreateIssueDialogProps } from './CreateIssueDialogView';

// Downloaded the first time someone chooses "Create issue".
const CreateIssueDialogView = lazy(() => import('./CreateIssueDialogView'));

/** "Create issue": the thread's title and quoted messages, both editable, then "Create issue on GitHub". */
export function CreateIssueDialog(props: CreateIssueDialogProps) {
  if (props.draft === null) return null;
  return (
    <Suspense fallback={null}>
      <CreateIssueDialogView {...props} />
    </Suspense>
  );
}
