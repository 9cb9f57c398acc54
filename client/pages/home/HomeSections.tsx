import { MessageSquare } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { CONTINUE_CHATS_LIMIT, EXPLORE_TOPICS } from '../../../shared/limits';
import { useMyRooms } from '../../components/layout/useMyRooms';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { useUnreadSummary } from '../../hooks/useUnread';
import { useSession } from '../../hooks/useSession';

// Comes with the signed-in chunk (the header asks for it as soon as the user is known): visitors,
// who have no chats to continue, never download it.
const UnreadBadges = lazy(() =>
  import('../../components/layout/signed-in').then((module) => ({ default: module.UnreadBadges })),
);

export function HomeSection({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Ten topic buttons; a click searches `topic:{name}`. */
export function ExploreTopics({ onTopic }: { onTopic(topic: string): void }) {
  return (
    <HomeSection title="Explore topics">
      <div className="flex flex-wrap gap-2">
        {EXPLORE_TOPICS.map((topic) => (
          <Button key={topic} variant="secondary" size="sm" onClick={() => onTopic(topic)}>
            #{topic}
          </Button>
        ))}
      </div>
    </HomeSection>
  );
}

/** The signed-in user's active rooms (up to 6); hidden for visitors and users without rooms. */
export function ContinueChats() {
  const { user } = useSession();
  const navigate = useNavigate();
  const { data: rooms } = useMyRooms(CONTINUE_CHATS_LIMIT);
  const unread = useUnreadSummary();
  if (!user || !rooms || rooms.length === 0) return null;
  return (
    <HomeSection
      title="Continue your chats"
      actions={
        <Link to="/" className={buttonClasses('outline', 'sm')}>
          View all
        </Link>
      }
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {rooms.slice(0, CONTINUE_CHATS_LIMIT).map((room) => (
          <Card key={room.id} className="flex items-center justify-between gap-3 p-4" data-testid="continue-chat">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{room.title}</p>
              <p className="truncate text-sm text-muted-foreground">{room.repo_full_name}</p>
            </div>
            {unread.byRoom.get(room.id) && (
              <Suspense>
                <UnreadBadges unread={unread.byRoom.get(room.id)!} />
              </Suspense>
            )}
            <Button
              size="sm"
              onClick={() => void navigate(`/chat/${room.id}`)}
              aria-label={`Open chat ${room.repo_full_name}`}
            >
              <MessageSquare className="h-4 w-4" aria-hidden="true" />
              Open chat
            </Button>
          </Card>
        ))}
      </div>
    </HomeSection>
  );
}
