import { Reply, Send, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { toast } from '../../../lib/toast';
import type { MemberDto } from '../../../../shared/api/rooms';
import { validateMessage } from '../../../../shared/validation/message';
import { findMentionQuery, insertMention, suggestMentions, type MentionQuery } from '../../../lib/mentions';
import { cn } from '../../../lib/cn';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { Textarea } from '../../../components/ui/Input';
import { displayName } from '../../../../shared/display-name';
import type { AttachmentDto } from '../../../../shared/attachments/attachments-api';
import type { AttachmentUploads } from '../hooks/useAttachmentUploads';
import { AttachFilesButton } from './AttachFilesButton';
import { PendingAttachments } from './PendingAttachments';

/** Send pressed with an attachment that did not upload. */
export const ATTACHMENTS_FAILED = 'Remove or retry the attachments that could not be uploaded';

export interface ComposerProps {
  members: MemberDto[];
  currentUserId: string | undefined;
  /** `attachments`: the uploaded files sent with the text (absent when there are none). */
  onSend(text: string, attachments?: AttachmentDto[]): void;
  onTyping(): void;
  /** ↑ in the empty box: edit my last message (returns false when there is none). */
  onEditLast?(): boolean;
  /** Why the member cannot write now (a mute); the box is disabled and says so. */
  blockedReason?: string | null;
  /** The message being replied to (its author's name and first line), or null. */
  replyingTo?: { id: string; name: string; excerpt: string } | null;
  /** "Cancel reply" (or Escape in the box). */
  onCancelReply?(): void;
  /** Files to send with the message (picked, pasted or dropped); none without it. */
  uploads?: AttachmentUploads;
}

/**
 * The message box: Enter sends, Shift+Enter breaks the line, '@' suggests members, ↑ in an empty
 * box edits my last message. It takes the focus when the room opens, except on touch screens
 * (where that would pop the keyboard over the conversation).
 */
export function Composer({
  members,
  currentUserId,
  onSend,
  onTyping,
  onEditLast,
  blockedReason,
  replyingTo = null,
  onCancelReply,
  uploads,
}: ComposerProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  // Send was pressed while files were still uploading: the message goes once they are done.
  const [queued, setQueued] = useState(false);
  const hasFiles = (uploads?.pending.length ?? 0) > 0;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const hintId = useId();
  const errorId = useId();

  useEffect(() => {
    const touch = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
    if (!touch) textarea.current?.focus();
  }, []);
  // Choosing "Reply" puts the writer in the box.
  const replyId = replyingTo?.id;
  useEffect(() => {
    if (replyId) textarea.current?.focus();
  }, [replyId]);

  const candidates = useMemo(
    () =>
      members
        .filter((m) => m.user.id !== currentUserId && m.user.username)
        .map((m) => ({ ...m.user, username: m.user.username ?? '' })),
    [members, currentUserId],
  );
  const suggestions = mention ? suggestMentions(candidates, mention.query) : [];
  const open = suggestions.length > 0;

  const trackMention = (value: string, cursor: number | null) => {
    const next = cursor === null ? null : findMentionQuery(value, cursor);
    setMention(next);
    if (next?.query !== mention?.query) setActive(0);
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setText(event.target.value);
    setError(null);
    trackMention(event.target.value, event.target.selectionStart);
    if (event.target.value.trim()) onTyping();
  };

  const choose = (username: string) => {
    if (!mention) return;
    const next = insertMention(text, mention, username);
    setText(next.text);
    setMention(null);
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  const submit = () => {
    // Files alone need no text; text sent with them follows the usual rules.
    const problem = hasFiles && text.trim() === '' ? null : validateMessage(text);
    if (problem) {
      setError(problem);
      toast.error(problem);
      return;
    }
    if (uploads?.failed) {
      setError(ATTACHMENTS_FAILED);
      return;
    }
    if (uploads?.uploading) {
      setQueued(true);
      return;
    }
    const files = uploads?.attachments ?? [];
    if (files.length > 0) onSend(text, files);
    else onSend(text);
    uploads?.clear();
    setText('');
    setMention(null);
    setError(null);
  };
  const uploading = uploads?.uploading ?? false;
  useEffect(() => {
    if (!queued || uploading) return;
    // Sent right after this render, with the uploads' final state.
    const timer = setTimeout(() => {
      setQueued(false);
      submit();
    }, 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the last upload ends
  }, [queued, uploading]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const chosen = suggestions[active] ?? suggestions[0];
        if (chosen) choose(chosen.username);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setMention(null);
        return;
      }
    }
    if (event.key === 'Escape' && replyingTo && onCancelReply) {
      event.preventDefault();
      onCancelReply();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (text.trim() || hasFiles) submit();
    }
    if (event.key === 'ArrowUp' && text === '' && !event.shiftKey && !event.altKey && onEditLast?.()) {
      event.preventDefault();
    }
  };

  return (
    <div className="relative border-t bg-background p-3">
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Mention suggestions"
          className="absolute bottom-full left-3 z-20 mb-1 w-72 overflow-hidden rounded-md border bg-card p-1 shadow-md"
        >
          {suggestions.map((candidate, index) => (
            <li
              key={candidate.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                index === active && 'bg-accent text-accent-foreground',
              )}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(candidate.username);
              }}
              onMouseEnter={() => setActive(index)}
            >
              <Avatar src={candidate.avatar_url} name={displayName(candidate)} className="h-6 w-6" />
              <span className="font-medium">{displayName(candidate)}</span>
              <span className="text-muted-foreground">@{candidate.username}</span>
            </li>
          ))}
        </ul>
      )}
      {replyingTo && (
        <div
          className="mb-2 flex items-center gap-2 rounded-md border-l-2 border-primary bg-muted px-2 py-1 text-xs"
          data-testid="composer-reply"
        >
          <Reply className="h-3.5 w-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-medium">Replying to {replyingTo.name}</p>
            <p className="truncate text-muted-foreground">{replyingTo.excerpt}</p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="h-6 w-6 shrink-0"
            aria-label="Cancel reply"
            onClick={() => {
              onCancelReply?.();
              textarea.current?.focus();
            }}
          >
            <X className="h-3.5 w-3.5" aria-hidden="true" />
          </Button>
        </div>
      )}
      {uploads && <PendingAttachments uploads={uploads} />}
      <div className="flex items-end gap-2">
        {uploads && <AttachFilesButton onFiles={uploads.add} disabled={Boolean(blockedReason)} />}
        <Textarea
          ref={textarea}
          value={text}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onPaste={uploads?.onPaste}
          onSelect={(event) => trackMention(event.currentTarget.value, event.currentTarget.selectionStart)}
          onBlur={() => setMention(null)}
          placeholder="Type your message..."
          aria-label="Message"
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          aria-controls={open ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          rows={1}
          className="max-h-40 min-h-10 resize-none"
          disabled={Boolean(blockedReason)}
        />
        <Button
          onClick={submit}
          disabled={(!text.trim() && !hasFiles) || Boolean(blockedReason) || queued}
          aria-label="Send message"
        >
          <Send className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">Send</span>
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-xs text-destructive" data-testid="composer-error">
          {error}
        </p>
      )}
      {queued && (
        <p role="status" className="mt-1 text-xs text-muted-foreground">
          Sending when the uploads finish…
        </p>
      )}
      {blockedReason ? (
        <p
          id={hintId}
          role="status"
          className="mt-1 text-xs font-medium text-destructive"
          data-testid="composer-blocked"
        >
          {blockedReason}
        </p>
      ) : (
        <p id={hintId} className="mt-1 text-xs text-muted-foreground">
          Press Enter to send, Shift + Enter for new line
        </p>
      )}
    </div>
  );
}
