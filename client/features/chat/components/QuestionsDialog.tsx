import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../../../hooks/useOpenedOnce';
import type { QuestionsDialogProps } from './QuestionsDialogView';

// Downloaded the first time the questions are opened.
const QuestionsDialogView = lazy(() => import('./QuestionsDialogView'));

/** The room's questions (its threads), by answer state; each opens its thread. */
export function QuestionsDialog(props: QuestionsDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <QuestionsDialogView {...props} />
    </Suspense>
  );
}
