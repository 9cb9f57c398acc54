import { useCallback, useEffect, useState } from 'react';
import { threadsApi } from '../../../api/threads';

export interface OpenThread {
  rootId: string;
  highlightId: string | null;
}

/**
 * Which thread is open beside the room. `?thread={rootId}` opens one; a link to a message
 * (`?message={id}`) that is a thread reply opens its thread with the reply highlighted. Answers
 * whether the linked message was found in a thread so the room does not say it is missing.
 */
export function useThreadPanel(linkedId: string | null, threadParam: string | null) {
  // What the reader chose since the address last changed (null: closed); undefined: nothing yet.
  const [chosen, setChosen] = useState<{ for: string; thread: OpenThread | null } | undefined>(undefined);
  const [linked, setLinked] = useState<{ id: string; thread: OpenThread | null } | undefined>(undefined);
  const address = `${linkedId ?? ''}|${threadParam ?? ''}`;

  useEffect(() => {
    if (!linkedId) return;
    const controller = new AbortController();
    threadsApi
      // Only its root is wanted here: the panel reads the replies around it.
      .thread(linkedId, { limit: '1' }, { signal: controller.signal })
      .then((thread) =>
        setLinked({
          id: linkedId,
          thread: thread.root.id !== linkedId ? { rootId: thread.root.id, highlightId: linkedId } : null,
        }),
      )
      .catch(() => {
        if (!controller.signal.aborted) setLinked({ id: linkedId, thread: null });
      });
    return () => controller.abort();
  }, [linkedId]);

  const fromLink = linked && linked.id === linkedId ? linked.thread : null;
  const fromParam = threadParam ? { rootId: threadParam, highlightId: null } : null;
  const open = chosen && chosen.for === address ? chosen.thread : (fromLink ?? fromParam);
  const linkedInThread = !linkedId ? null : linked?.id === linkedId ? linked.thread !== null : null;

  const openThread = useCallback(
    (rootId: string, highlightId?: string) =>
      setChosen({ for: address, thread: { rootId, highlightId: highlightId ?? null } }),
    [address],
  );
  const close = useCallback(() => setChosen({ for: address, thread: null }), [address]);
  return { open, openThread, close, linkedInThread };
}
