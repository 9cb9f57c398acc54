import { Copy, Ellipsis, Pencil, RotateCw, Trash2 } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import type { ChatMessage } from '../../pages/chat/messages-state';
import { cn } from '../../lib/cn';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../ui/DropdownMenu';
import { Textarea } from '../ui/Input';
import { MessageContent } from './MessageContent';
import { ReactionChips } from './ReactionChips';
import { ReactionPicker } from './ReactionPicker';

export interface MessageActions {
  onEdit(messageId: string, content: string): void;
  onDelete(messageId: string): void;
  onCopy(content: string): void;
  onToggleReaction(messageId: string, emoji: string): void;
  onRetry(clientId: string): void;
}

export function authorName(author: ChatMessage['author']): string {
  return author.display_name || author.username || 'Unknown user';
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

interface MessageItemProps extends MessageActions {
  message: ChatMessage;
  own: boolean;
  /** First message of a run by one author: shows the avatar and name. */
  startsGroup: boolean;
  currentUserId: string | undefined;
  knownUsernames: ReadonlySet<string>;
}

export function MessageItem({
  message,
  own,
  startsGroup,
  currentUserId,
  knownUsernames,
  ...actions
}: MessageItemProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.content);
  const confirmed = message.status === 'sent';
  const name = own ? 'You' : authorName(message.author);

  const save = () => {
    setEditing(false);
    // A blank or unchanged edit is ignored.
    if (draft.trim() && draft !== message.content) actions.onEdit(message.id, draft);
  };
  const onEditKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') setEditing(false);
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  };

  return (
    <li
      data-testid="message"
      data-message-id={message.id}
      data-status={message.status}
      data-author={authorName(message.author)}
      className={cn('group flex gap-2 px-4', own && 'flex-row-reverse', startsGroup ? 'mt-3' : 'mt-0.5')}
    >
      <div className="w-8 shrink-0">
        {startsGroup && <Avatar src={message.author.avatar_url} name={authorName(message.author)} />}
      </div>
      <div className={cn('flex max-w-[75%] min-w-0 flex-col', own && 'items-end')}>
        {startsGroup && (
          <div className={cn('mb-0.5 flex items-baseline gap-2 text-xs', own && 'flex-row-reverse')}>
            <span className="font-semibold text-foreground" data-testid="message-author">
              {name}
            </span>
          </div>
        )}
        <div className={cn('relative flex items-start gap-1', own && 'flex-row-reverse')}>
          <div
            className={cn(
              'min-w-0 rounded-lg px-3 py-2',
              own ? 'bg-primary/10' : 'bg-muted',
              message.status === 'pending' && 'opacity-60',
              message.status === 'failed' && 'border border-destructive',
            )}
          >
            {editing ? (
              <div className="flex min-w-64 flex-col gap-2">
                <Textarea
                  aria-label="Edit message"
                  value={draft}
                  autoFocus
                  onChange={(event) => setDraft(event.target.value)}
                  onKeyDown={onEditKey}
                  className="min-h-16"
                />
                <div className="flex justify-end gap-2">
                  <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
                    Cancel
                  </Button>
                  <Button size="sm" onClick={save}>
                    Save
                  </Button>
                </div>
              </div>
            ) : (
              <MessageContent content={message.content} knownUsernames={knownUsernames} />
            )}
            <div className={cn('mt-1 flex items-center gap-2 text-[11px] text-muted-foreground', own && 'justify-end')}>
              <time dateTime={message.created_at}>{timeFormat.format(new Date(message.created_at))}</time>
              {message.edited_at && <span>(edited)</span>}
              {message.status === 'pending' && <span>Sending…</span>}
            </div>
          </div>
          {confirmed && !editing && (
            <div
              className={cn(
                'flex items-center gap-0.5 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 has-[[data-state=open]]:opacity-100',
              )}
            >
              <ReactionPicker onPick={(emoji) => actions.onToggleReaction(message.id, emoji)} />
              <DropdownMenu>
                <DropdownMenuTrigger
                  aria-label="Message actions"
                  className="rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
                >
                  <Ellipsis className="h-4 w-4" aria-hidden="true" />
                </DropdownMenuTrigger>
                <DropdownMenuContent align={own ? 'end' : 'start'}>
                  {own && (
                    <DropdownMenuItem
                      onSelect={() => {
                        setDraft(message.content);
                        setEditing(true);
                      }}
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                    </DropdownMenuItem>
                  )}
                  <DropdownMenuItem onSelect={() => actions.onCopy(message.content)}>
                    <Copy className="h-4 w-4" aria-hidden="true" /> Copy text
                  </DropdownMenuItem>
                  {own && (
                    <DropdownMenuItem destructive onSelect={() => actions.onDelete(message.id)}>
                      <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                    </DropdownMenuItem>
                  )}
                </DropdownMenuContent>
              </DropdownMenu>
            </div>
          )}
        </div>
        {message.status === 'failed' && (
          <div role="alert" className="mt-1 flex items-center gap-2 text-xs text-destructive">
            <span>{message.error ?? 'Failed to send message'}</span>
            <Button size="sm" variant="outline" className="h-6 px-2" onClick={() => actions.onRetry(message.client_id)}>
              <RotateCw className="h-3 w-3" aria-hidden="true" /> Retry
            </Button>
          </div>
        )}
        <ReactionChips
          reactions={message.reactions}
          currentUserId={currentUserId}
          onToggle={(emoji) => confirmed && actions.onToggleReaction(message.id, emoji)}
        />
      </div>
    </li>
  );
}
