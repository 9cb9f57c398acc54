import { lazy } from 'react';
import { CircleDot, EllipsisVertical } from 'lucide-react';
import type { IssueDto } from '../../../../shared/api/repositories';
import type { MemberDto, UserSummaryDto } from '../../../../shared/api/rooms';
import { NEW_MEMBER_MS } from '../../../../shared/limits';
import { cn } from '../../../lib/cn';
import { Avatar } from '../../../components/ui/Avatar';
import { Skeleton } from '../../../components/ui/Skeleton';
import { Tooltip } from '../../../components/ui/Tooltip';
import { LoadOnUse } from '../../../components/ui/LoadOnUse';
import { displayName, Handle, MaintainerBadge, ProfileLink } from './person';

interface MembersPanelProps {
  members: MemberDto[];
  onlineIds: ReadonlySet<string>;
  currentUserId: string | undefined;
  /** Good first issues, and how many to list (5 beside the chat, 3 in the mobile sheet). */
  issues: { list: IssueDto[]; loading: boolean; limit: number };
  now: number;
  /** What a moderator may do to a member from the list (absent for members who do not moderate). */
  moderation?: MemberModeration | undefined;
  /** Ignoring people (private to the reader): who is ignored, and the toggle. */
  ignoring?: MemberIgnoring | undefined;
}

export interface MemberIgnoring {
  ignoredIds: ReadonlySet<string>;
  onIgnore(user: UserSummaryDto): void;
  onUnignore(user: UserSummaryDto): void;
}

export interface MemberModeration {
  onMute(user: UserSummaryDto): void;
  onUnmute(userId: string): void;
  onBan(user: UserSummaryDto): void;
  /** Opens the room's 'Banned' list. */
  onOpenBanned(): void;
}

/** The member is muted now (a mute in force at `now`). */
export function isMutedAt(member: MemberDto, now: number): boolean {
  return Boolean(member.muted_until) && Date.parse(member.muted_until ?? '') > now;
}

const joinedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** What the blue 'new' dot means (docs/PRODUCT.md §4: joined within the last 5 minutes). */
export const NEW_MEMBER_HINT = `Joined in the last ${Math.round(NEW_MEMBER_MS / 60_000)} minutes`;

/** Members with online and 'new' dots, then good first issues, then the 'Live' footer. */
export function MembersPanel(props: MembersPanelProps) {
  const { members, onlineIds } = props;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <section aria-labelledby="members-heading" className="min-h-0 flex-1 overflow-y-auto p-4">
        <div className="mb-2 flex items-center justify-between gap-2">
          <h2 id="members-heading" className="text-sm font-semibold">
            Members ({members.length})
          </h2>
          {props.moderation && (
            <button
              type="button"
              onClick={props.moderation.onOpenBanned}
              className="rounded px-1.5 py-0.5 text-xs text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              Banned
            </button>
          )}
        </div>
        {members.length === 0 ? (
          <p className="text-sm text-muted-foreground">No members yet</p>
        ) : (
          <ul className="space-y-2" aria-label="Members">
            {members.map((member) => {
              const online = onlineIds.has(member.user.id);
              const isNew =
                member.user.id !== props.currentUserId &&
                props.now - new Date(member.joined_at).getTime() < NEW_MEMBER_MS;
              const name = displayName(member.user);
              return (
                <li
                  key={member.user.id}
                  className="flex items-center gap-2"
                  data-testid="member"
                  data-user-id={member.user.id}
                >
                  <ProfileLink user={member.user} tabbable={false} className="relative" label={`${name} profile`}>
                    <Avatar src={member.user.avatar_url} name={name} />
                    <span
                      className={cn(
                        'absolute -right-0.5 -bottom-0.5 h-2.5 w-2.5 rounded-full border-2 border-background',
                        online ? 'bg-green-500' : 'bg-muted-foreground/40',
                      )}
                      aria-hidden="true"
                    />
                  </ProfileLink>
                  <div className="min-w-0 flex-1">
                    <div className="flex items-center gap-1 text-sm font-medium">
                      <ProfileLink user={member.user} className="truncate">
                        {name}
                      </ProfileLink>
                      {member.moderator && <MaintainerBadge />}
                      {isNew && (
                        <Tooltip content={NEW_MEMBER_HINT}>
                          <span
                            // Focusable so keyboard users get the explanation too.
                            tabIndex={0}
                            role="img"
                            className="h-2 w-2 shrink-0 rounded-full bg-primary"
                            aria-label={`New member: ${NEW_MEMBER_HINT.toLowerCase()}`}
                          />
                        </Tooltip>
                      )}
                      <span className="sr-only">{online ? '(online)' : '(offline)'}</span>
                    </div>
                    <Handle user={member.user} className="block truncate text-xs" />
                    {isMutedAt(member, props.now) && (
                      <div className="text-xs text-destructive" data-testid="member-muted">
                        Muted
                      </div>
                    )}
                    <div className="text-xs text-muted-foreground">
                      Joined {joinedFormat.format(new Date(member.joined_at))}
                    </div>
                  </div>
                  {member.user.id !== props.currentUserId && (props.ignoring || props.moderation) && (
                    <MemberActions
                      member={member}
                      name={name}
                      now={props.now}
                      ignoring={props.ignoring}
                      moderation={member.moderator ? undefined : props.moderation}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <h2 className="mt-6 mb-2 text-sm font-semibold">Good first issues</h2>
        {props.issues.loading ? (
          <ul className="space-y-2" aria-label="Loading good first issues">
            {[0, 1, 2].map((i) => (
              <li key={i}>
                <Skeleton className="h-10 w-full" data-testid="issue-skeleton" />
              </li>
            ))}
          </ul>
        ) : props.issues.list.length === 0 ? (
          <p className="text-sm text-muted-foreground">None right now</p>
        ) : (
          <ul className="space-y-2" aria-label="Good first issues">
            {props.issues.list.slice(0, props.issues.limit).map((issue) => (
              <li key={issue.id}>
                <a
                  href={issue.html_url || undefined}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex gap-2 rounded-md p-1 text-sm hover:bg-accent"
                >
                  <CircleDot className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden="true" />
                  <span className="min-w-0">
                    <span className="text-muted-foreground">#{issue.number}</span> {issue.title}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <footer className="flex items-center justify-between border-t px-4 py-3 text-xs text-muted-foreground">
        <span>Repository Discussion</span>
        <span className="inline-flex items-center gap-1 font-medium text-green-700 dark:text-green-400">
          <span className="h-2 w-2 animate-pulse rounded-full bg-green-500" aria-hidden="true" />
          Live
        </span>
      </footer>
    </div>
  );
}

/** One member's menu: ignoring them, and what a moderator may do to them. */
function MemberActions({
  member,
  name,
  now,
  ignoring,
  moderation,
}: {
  member: MemberDto;
  name: string;
  now: number;
  ignoring: MemberIgnoring | undefined;
  moderation: MemberModeration | undefined;
}) {
  return (
    <LoadOnUse
      preload={() => void loadMemberActionsMenu()}
      placeholder={(handlers) => (
        <button
          type="button"
          aria-label={`Actions for ${name}`}
          aria-haspopup="menu"
          aria-expanded={false}
          className="rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
          {...handlers}
        >
          <EllipsisVertical className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    >
      <MemberActionsMenu
        name={name}
        user={member.user}
        ignoring={
          ignoring && {
            ignored: ignoring.ignoredIds.has(member.user.id),
            onIgnore: ignoring.onIgnore,
            onUnignore: ignoring.onUnignore,
          }
        }
        moderation={moderation && { muted: isMutedAt(member, now), ...moderation }}
        defaultOpen
      />
    </LoadOnUse>
  );
}

// A member's menu is downloaded when first opened.
const loadMemberActionsMenu = () => import('./MemberActionsMenu');
const MemberActionsMenu = lazy(loadMemberActionsMenu);
