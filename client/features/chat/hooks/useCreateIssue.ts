import { useCallback, useState } from 'react';
import type { MessageDto } from '../../../../shared/api/rooms';
import { ISSUE_SCOPE_NEEDED } from '../../../../shared/api/issues';
import { chatApi } from '../../../api/chat-endpoints';
import { ApiRequestError } from '../../../api/http';
import { threadsApi } from '../../../api/threads';
import { toast } from '../../../lib/toast';
import { nameWithHandle } from '../components/person';

/** What the "Create issue" dialog edits. */
export interface IssueDraft {
  rootId: string;
  title: string;
  body: string;
}

const draftKey = (roomId: string) => `reporooms:issue-draft:${roomId}`;

function keptDraft(roomId: string | undefined): IssueDraft | null {
  if (!roomId) return null;
  try {
    const kept = window.sessionStorage.getItem(draftKey(roomId));
    return kept ? (JSON.parse(kept) as IssueDraft) : null;
  } catch {
    return null;
  }
}

function forgetDraft(roomId: string): void {
  try {
    window.sessionStorage.removeItem(draftKey(roomId));
  } catch {
    /* nothing kept */
  }
}

function quoted(message: MessageDto, roomUrl: string): string {
  const lines = message.content.split('\n').map((line) => `> ${line}`);
  return `**${nameWithHandle(message.author)}** ([message](${roomUrl}?message=${message.id})):\n${lines.join('\n')}`;
}

/** The title (the root's first line) and body (the quoted messages, authors and links back) of a thread. */
export function issueDraftOf(root: MessageDto, replies: readonly MessageDto[], roomUrl: string): IssueDraft {
  const title = (root.content.split('\n').find((line) => line.trim() !== '') ?? '').trim().slice(0, 256);
  const quotes = [root, ...replies].filter((m) => !m.deleted).map((m) => quoted(m, roomUrl));
  const body = `${quotes.join('\n\n')}\n\n---\nDiscussed in RepoRooms: ${roomUrl}?thread=${root.id}`;
  return { rootId: root.id, title, body };
}

/**
 * "Create issue" on a message or a thread: reads the thread, opens the dialog with its draft,
 * creates the issue and, when GitHub needs the person's permission first, keeps the draft while
 * the browser goes through GitHub's OAuth flow and back (the dialog then opens again with it).
 */
export function useCreateIssue(roomId: string | undefined) {
  const [draft, setDraft] = useState<IssueDraft | null>(null);
  const [error, setError] = useState<{ message: string; scopeNeeded: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  // Back from GitHub with the scope: the kept draft opens again (and is forgotten once closed or sent).
  const [forRoom, setForRoom] = useState<string | undefined>(undefined);
  if (roomId !== forRoom) {
    setForRoom(roomId);
    setDraft(keptDraft(roomId));
  }

  const open = useCallback(
    (messageId: string) => {
      if (!roomId) return;
      setError(null);
      const roomUrl = `${window.location.origin}/chat/${roomId}`;
      threadsApi
        .thread(messageId)
        .then((thread) => setDraft(issueDraftOf(thread.root, thread.replies, roomUrl)))
        .catch((failure: unknown) =>
          toast.error('Failed to read the conversation', {
            description: failure instanceof ApiRequestError ? failure.message : undefined,
          }),
        );
    },
    [roomId],
  );

  const submit = useCallback(
    async (edited: IssueDraft) => {
      if (!roomId) return;
      setDraft(edited);
      setBusy(true);
      setError(null);
      try {
        const created = await chatApi.rooms.createIssue(roomId, {
          title: edited.title,
          body: edited.body,
          thread_root_id: edited.rootId,
        });
        setDraft(null);
        forgetDraft(roomId);
        toast.success(`Issue #${created.number} created on GitHub`);
      } catch (failure) {
        const scopeNeeded = failure instanceof ApiRequestError && failure.reason === ISSUE_SCOPE_NEEDED;
        setError({
          message: failure instanceof Error ? failure.message : 'GitHub could not create the issue',
          scopeNeeded,
        });
      } finally {
        setBusy(false);
      }
    },
    [roomId],
  );

  /** Keeps the draft and asks GitHub for the scope; the browser comes back to this room. */
  const askGitHub = useCallback(
    (edited: IssueDraft) => {
      if (!roomId) return;
      window.sessionStorage.setItem(draftKey(roomId), JSON.stringify(edited));
      const back = `${window.location.pathname}${window.location.search}`;
      window.location.assign(`/api/auth/github/start?scope=issues&returnTo=${encodeURIComponent(back)}`);
    },
    [roomId],
  );

  return {
    open,
    dialog: {
      draft,
      error,
      busy,
      onSubmit: submit,
      onAskGitHub: askGitHub,
      onClose: () => {
        if (roomId) forgetDraft(roomId);
        setDraft(null);
        setError(null);
      },
    },
  };
}
