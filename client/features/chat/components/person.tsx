import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UserSummaryDto } from '../../../../shared/api/rooms';
import { Badge } from '../../../components/ui/Badge';
import { cn } from '../../../lib/cn';
import { displayName as sharedDisplayName } from '../../../../shared/display-name';

/** The name people chose (shared/display-name.ts); not unique, so it is always shown with the handle beside it. */
export function displayName(user: UserSummaryDto): string {
  return sharedDisplayName(user);
}

/** The unique public handle ('@login'), or null for a profile without a username. */
export function handleOf(user: UserSummaryDto): string | null {
  return user.username ? `@${user.username}` : null;
}

/**
 * The person's GitHub login when it is not their username: the login is who they are, so a
 * username that differs from it (another word, or someone else's name) is never shown alone.
 */
export function githubLoginShown(user: UserSummaryDto): string | null {
  const login = user.github_login;
  if (!login) return null;
  return user.username?.toLowerCase() === login.toLowerCase() ? null : login;
}

/**
 * 'Ada Demo (@ada-demo)': the name with the handle that tells two 'Ada Demo's apart, and the
 * GitHub login when it differs ('Ada Demo (@ada-fan, GitHub: mallory)').
 */
export function nameWithHandle(user: UserSummaryDto): string {
  const handle = user.display_name ? handleOf(user) : null;
  const login = githubLoginShown(user);
  const notes = [handle, login && `GitHub: ${login}`].filter((note): note is string => Boolean(note));
  return notes.length > 0 ? `${displayName(user)} (${notes.join(', ')})` : displayName(user);
}

/** The person's public profile page (by username, or by id while they have none). */
export function profilePath(user: UserSummaryDto): string {
  return `/user/${encodeURIComponent(user.username ?? user.id)}`;
}

/** A link to someone's public profile around their avatar or name. */
export function ProfileLink({
  user,
  children,
  className,
  tabbable = true,
  label,
}: {
  user: UserSummaryDto;
  children: ReactNode;
  className?: string;
  /** False takes the link out of the Tab order (a roving list gives it back when the row is active). */
  tabbable?: boolean;
  label?: string;
}) {
  return (
    <Link
      to={profilePath(user)}
      className={cn('rounded-sm hover:underline', className)}
      tabIndex={tabbable ? undefined : -1}
      aria-label={label}
    >
      {children}
    </Link>
  );
}

/**
 * The handle in the muted style that sits beside a display name, and the GitHub login after it
 * when the two differ.
 */
export function Handle({ user, className }: { user: UserSummaryDto; className?: string }) {
  // Without a display name the username itself is shown as the name.
  const handle = user.display_name ? handleOf(user) : null;
  const login = githubLoginShown(user);
  if (!handle && !login) return null;
  return (
    <span className={cn('font-normal text-muted-foreground', className)}>
      {handle && <span data-testid="person-handle">{handle}</span>}
      {handle && login && ' · '}
      {login && (
        <span data-testid="person-github-login" title={`GitHub login: ${login}`}>
          GitHub: {login}
        </span>
      )}
    </span>
  );
}

/** Marks a moderator of the room (GitHub gives them admin or maintain access to the repository). */
export function MaintainerBadge({ className }: { className?: string }) {
  return (
    <Badge
      variant="outline"
      className={cn('px-1.5 py-0 text-[10px] leading-4', className)}
      data-testid="maintainer-badge"
    >
      Maintainer
    </Badge>
  );
}
