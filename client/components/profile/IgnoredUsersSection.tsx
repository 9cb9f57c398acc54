import { useIgnoredUsers } from '../../hooks/useIgnoredUsers';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { ProfileSection } from './ProfileSection';
import { displayName } from '../../../shared/display-name';

/** 'Ignored users': the people whose messages are collapsed for me, each with 'Unignore'. Only I see it. */
export function IgnoredUsersSection() {
  const { users, loading, unignore } = useIgnoredUsers();
  return (
    <ProfileSection
      title="Ignored users"
      description="Their messages are collapsed for you and their mentions do not notify you. Only you can see this list."
    >
      {loading ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : users.length === 0 ? (
        <p className="text-sm text-muted-foreground">You are not ignoring anyone.</p>
      ) : (
        <ul className="space-y-2" aria-label="Ignored users">
          {users.map(({ user }) => {
            const name = displayName(user);
            return (
              <li key={user.id} className="flex items-center gap-2" data-testid="ignored-user">
                <Avatar src={user.avatar_url} name={name} />
                <span className="min-w-0 flex-1 truncate text-sm">
                  <span className="font-medium">{name}</span>
                  {user.username && <span className="ml-1 text-muted-foreground">@{user.username}</span>}
                </span>
                <Button size="sm" variant="outline" onClick={() => unignore(user)}>
                  Unignore
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </ProfileSection>
  );
}
