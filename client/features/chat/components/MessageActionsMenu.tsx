import { Copy, Ellipsis, Link2, Pencil, Trash2 } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/DropdownMenu';
import { TOOLBAR_BUTTON_CLASS } from './toolbar-buttons';

export interface MessageActionsMenuProps {
  /** The user's own message: Edit and Delete too. */
  own: boolean;
  onEdit(): void;
  onCopy(): void;
  onCopyLink(): void;
  onDelete(): void;
}

/** A message's actions menu (loaded on first use, see MessageItem). */
export default function MessageActionsMenu({
  own,
  onEdit,
  onCopy,
  onCopyLink,
  onDelete,
  defaultOpen = false,
}: MessageActionsMenuProps & { defaultOpen?: boolean }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label="Message actions" className={TOOLBAR_BUTTON_CLASS}>
        <Ellipsis className="h-4 w-4" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align={own ? 'end' : 'start'}>
        {own && (
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={onCopy}>
          <Copy className="h-4 w-4" aria-hidden="true" /> Copy text
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onCopyLink}>
          <Link2 className="h-4 w-4" aria-hidden="true" /> Copy link
        </DropdownMenuItem>
        {own && (
          <DropdownMenuItem destructive onSelect={onDelete}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
