import { LogIn, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/Button';

export interface ReaderBarProps {
  /** Signed in but not a member: "Join Chat"; a visitor: "Sign in to chat". */
  signedIn: boolean;
  joining: boolean;
  onJoin(): void;
  onSignIn(): void;
}

/**
 * In place of the composer for someone reading a room they are not a member of
 * (docs/PRODUCT.md §22): the room is readable, writing takes joining it, and joining takes
 * signing in.
 */
export function ReaderBar({ signedIn, joining, onJoin, onSignIn }: ReaderBarProps) {
  return (
    <div className="flex items-center justify-between gap-3 border-t px-4 py-3" data-testid="reader-bar">
      <p className="text-sm text-muted-foreground">
        {signedIn ? 'You are reading this room. Join it to write.' : 'You are reading this room as a visitor.'}
      </p>
      {signedIn ? (
        <Button onClick={onJoin} disabled={joining}>
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          Join Chat
        </Button>
      ) : (
        <Button onClick={onSignIn}>
          <LogIn className="h-4 w-4" aria-hidden="true" />
          Sign in to chat
        </Button>
      )}
    </div>
  );
}
