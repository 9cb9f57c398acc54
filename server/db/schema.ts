import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  HeldMessagesTable,
  MailDigestRoomsTable,
  MailJobsTable,
  MailOutboxTable,
  MailRoomSendsTable,
  MailSettingsTable,
} from './protection-and-mail.schema';

import type { ThreadFollowsTable, ThreadsTable } from './threads.schema';

export type { HeldMessageRow, MailJobRow } from './protection-and-mail.schema';

/**
 * Table types shared by SQLite and PostgreSQL.
 * Timestamps are ISO-8601 UTC strings (`new Date().toISOString()`), written by the application,
 * so ordering and comparison behave the same on both engines.
 * Booleans are stored as SQLite integers and PostgreSQL booleans; read them through `toBool`.
 * JSON documents are stored as text and parsed by the repositories.
 */
export type DbBool = ColumnType<boolean | number, boolean, boolean>;

export interface ProfilesTable {
  id: string;
  github_id: number;
  username: string | null;
  display_name: string | null;
  bio: string | null;
  theme_preference: string;
  show_github_stats: DbBool;
  show_repositories: DbBool;
  show_contributions: DbBool;
  show_location: DbBool;
  show_company: DbBool;
  profile_visibility: string;
  github_username: string | null;
  github_url: string | null;
  github_created_at: string | null;
  avatar_url: string | null;
  company: string | null;
  location: string | null;
  blog: string | null;
  github_bio: string | null;
  email: string | null;
  public_repos: number;
  followers: number;
  following: number;
  contribution_streak: number;
  /** JSON object: language name → repository count. */
  language_stats: string;
  /** AES-GCM sealed GitHub access token (never leaves the server). */
  github_token_sealed: string | null;
  github_synced_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface OAuthStatesTable {
  /** SHA-256 of the `state` value sent to GitHub. */
  id: string;
  /** SHA-256 of the browser-binding cookie value set when the flow started. */
  browser_binding: string;
  code_verifier: string;
  return_to: string;
  created_at: string;
  expires_at: string;
}

export interface ChatRoomsTable {
  id: string;
  title: string;
  repo_full_name: string;
  /** lower(repo_full_name): one room per repository, whatever the spelling. */
  repo_key: string;
  created_by: string;
  last_activity_at: string;
  created_at: string;
  /** Highest event sequence number handed out for this room (gap-free counter). */
  last_seq: number;
  /** Slow mode: least seconds between one member's messages (0 = off; moderators exempt). */
  slow_mode_seconds: ColumnType<number, number | undefined, number>;
  /** One line under the room header, set by moderators ('' = none). */
  topic: ColumnType<string, string | undefined, string>;
  /** The repository's activity the room shows: kinds joined by ',' ('' = Off). */
  activity_kinds: ColumnType<string, string | undefined, string>;
  /** Protection (docs/PRODUCT.md §20): days a GitHub account must exist before posting (0 = off). */
  new_account_days: ColumnType<number, number | undefined, number>;
  /** First messages of a member who joined less than a week ago that are held (0 = off). */
  first_messages_held: ColumnType<number, number | undefined, number>;
  /** 1: a newcomer's message with a link is held for approval. */
  newcomer_links_held: ColumnType<number, number | undefined, number>;
  /** 1: only moderators post. */
  locked: ColumnType<number, number | undefined, number>;
  /** Who reads the room without joining it: 'anyone' (its public archive) or 'members'. */
  archive_access: ColumnType<string, string | undefined, string>;
  /** Whether search engines may index its archive: 'indexed' or 'hidden' (noindex, out of the sitemap). */
  archive_indexing: ColumnType<string, string | undefined, string>;
}

export interface ChatMembersTable {
  id: string;
  room_id: string;
  user_id: string;
  joined_at: string;
  left_at: string | null;
  /** Read position: the (created_at, id) of the newest message seen ('' id: nothing at that moment). */
  read_created_at: Generated<string>;
  read_message_id: Generated<string>;
  /** Moderator of the room, as GitHub last said (admin or maintain access, or owner). */
  moderator: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** When the role was last read from GitHub ('' never). */
  role_checked_at: Generated<string>;
  /** Muted in this room until then (ISO); null when not muted. */
  muted_until: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'all', 'mentions' (default) or 'mute': see shared/api/notifications.ts. */
  notification_level: ColumnType<string, string | undefined, string>;
}

/** Who a message mentions (never its author); rewritten on edit, gone with the message's text. */
export interface MessageMentionsTable {
  message_id: string;
  user_id: string;
  room_id: string;
  created_at: string;
}

export interface MessagesTable {
  id: string;
  room_id: string;
  user_id: string;
  /** Client-generated id: a retried send returns the original message. */
  client_id: string;
  content: string;
  created_at: string;
  edited_at: string | null;
  /** Set when the author deleted it: the row stays as a tombstone with empty content. */
  deleted_at: string | null;
  /** The moderator who removed it (deleted_at is set too); null when not removed by a moderator. */
  removed_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The earlier message of the same room this one replies to; null when it is not a reply. */
  reply_to_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The root of the thread this message replies in; null when it is not a thread reply. */
  thread_root_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** False for a thread reply not also sent to the room (it shows in its thread only). */
  in_room: ColumnType<boolean | number, boolean | undefined, boolean>;
}

/** A file uploaded to a room: unsent (no message_id) until a message carries it. */
export interface MessageAttachmentsTable {
  id: string;
  room_id: string;
  user_id: string;
  message_id: string | null;
  position: ColumnType<number, number | undefined, number>;
  name: string;
  content_type: string;
  size: number;
  width: number | null;
  height: number | null;
  storage_key: string;
  thumbnail_key: string | null;
  created_at: string;
}

export interface MessageReactionsTable {
  id: string;
  message_id: string;
  room_id: string;
  user_id: string;
  emoji: string;
  created_at: string;
}

/** Per room, the last event sequence whose after-commit work is applied (services/post-commit/). */
export interface PostCommitCursorsTable {
  room_id: string;
  applied_seq: number;
}

export interface RoomEventsTable {
  room_id: string;
  seq: number;
  type: string;
  /**
   * The change's facts as JSON, `{"v": version, …}` (services/room-events/room-event-facts.ts);
   * what clients receive is presented from them when the event is delivered.
   */
  payload: string;
  created_at: string;
  /**
   * The message a message.created / message.updated / message.references event is about (null for
   * other events): an edit or delete rewrites these payloads, so a replay never shows replaced or
   * deleted text.
   */
  message_id: string | null;
}

/** Who is banned from a room (cannot join it again until unbanned). */
export interface RoomBansTable {
  room_id: string;
  user_id: string;
  banned_by: string;
  created_at: string;
}

/** A username its owner gave up, kept for them for a while (see usernames.service.ts). */
export interface UsernameReleasesTable {
  /** lower(username): one reservation per name, whatever its case. */
  username_key: string;
  /** Who held it before. */
  user_id: string;
  released_at: string;
}

/** A message a moderator pinned in its room. */
export interface PinnedMessagesTable {
  message_id: string;
  room_id: string;
  pinned_by: string;
  pinned_at: string;
}

/** The resolved GitHub references of a message (`refs`: a JSON array of GitHubReferenceDto). */
export interface MessageReferencesTable {
  message_id: string;
  room_id: string;
  refs: string;
  checked_at: string;
}

/** One moderation action: who did what to whom (and to which message) and when. */
export interface ModerationLogTable {
  id: string;
  room_id: string;
  actor_id: string;
  action: string;
  target_user_id: string | null;
  message_id: string | null;
  /** What the action set: a mute's duration, slow mode's seconds, the new topic ('' none). */
  detail: ColumnType<string, string | undefined, string>;
  created_at: string;
}

/** A member's report of a message; open until resolved (dismissed, or the message removed). */
export interface MessageReportsTable {
  id: string;
  message_id: string;
  room_id: string;
  reporter_id: string;
  reason: string;
  note: ColumnType<string, string | undefined, string>;
  created_at: string;
  resolved_at: ColumnType<string | null, string | null | undefined, string | null>;
  resolved_by: ColumnType<string | null, string | null | undefined, string | null>;
  resolution: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Someone a user ignores (private to that user). */
export interface UserIgnoresTable {
  user_id: string;
  ignored_user_id: string;
  created_at: string;
}

export interface UserRepositoriesTable {
  id: string;
  user_id: string;
  repo_name: string;
  repo_url: string;
  description: string | null;
  language: string | null;
  stars_count: number;
  forks_count: number;
}

export interface UserContributionsTable {
  id: string;
  user_id: string;
  repo_full_name: string;
  contribution_type: string;
  contribution_count: number;
}

export interface GithubCacheTable {
  /** Method + URL + the identity the request was made as. */
  key: string;
  status: number;
  etag: string | null;
  last_modified: string | null;
  body: string;
  fetched_at: string;
}

/** Read model: the public subset of a public profile (a SQL view). */
export interface PublicProfilesView {
  id: string;
  username: string | null;
  display_name: string | null;
  bio: string | null;
  avatar_url: string | null;
  github_username: string | null;
  github_url: string | null;
  github_created_at: string | null;
  location: string | null;
  company: string | null;
  show_github_stats: DbBool;
  show_repositories: DbBool;
  show_contributions: DbBool;
  public_repos: number | null;
  followers: number | null;
  following: number | null;
  contribution_streak: number | null;
  language_stats: string | null;
}

/** Where polling a repository's events stands, shared by every process (the lease holder writes it). */
export interface RepositoryActivityPollsTable {
  /** lower(owner/name). */
  repo_key: string;
  etag: string | null;
  /** The newest event already turned into rows (GitHub's event ids grow). */
  last_event_id: string | null;
  /** What GitHub's X-Poll-Interval last asked for. */
  poll_interval_seconds: number;
  polled_at: string;
}

export interface Database {
  profiles: ProfilesTable;
  sessions: SessionsTable;
  oauth_states: OAuthStatesTable;
  chat_rooms: ChatRoomsTable;
  chat_members: ChatMembersTable;
  messages: MessagesTable;
  message_reactions: MessageReactionsTable;
  message_mentions: MessageMentionsTable;
  room_events: RoomEventsTable;
  post_commit_cursors: PostCommitCursorsTable;
  room_bans: RoomBansTable;
  username_releases: UsernameReleasesTable;
  pinned_messages: PinnedMessagesTable;
  message_references: MessageReferencesTable;
  moderation_log: ModerationLogTable;
  held_messages: HeldMessagesTable;
  mail_settings: MailSettingsTable;
  mail_digest_rooms: MailDigestRoomsTable;
  mail_room_sends: MailRoomSendsTable;
  mail_jobs: MailJobsTable;
  mail_outbox: MailOutboxTable;
  threads: ThreadsTable;
  thread_follows: ThreadFollowsTable;
  message_attachments: MessageAttachmentsTable;
  message_reports: MessageReportsTable;
  user_ignores: UserIgnoresTable;
  user_repositories: UserRepositoriesTable;
  user_contributions: UserContributionsTable;
  github_cache: GithubCacheTable;
  repository_activity_polls: RepositoryActivityPollsTable;
  public_profiles: PublicProfilesView;
}

export type ProfileRow = Selectable<ProfilesTable>;
export type MessageReferencesRow = Selectable<MessageReferencesTable>;
export type MessageAttachmentRow = Selectable<MessageAttachmentsTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type ProfileUpdate = Updateable<ProfilesTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ChatRoomRow = Selectable<ChatRoomsTable>;
export type ChatMemberRow = Selectable<ChatMembersTable>;
export type MessageRow = Selectable<MessagesTable>;
export type MessageReactionRow = Selectable<MessageReactionsTable>;
export type ThreadRow = Selectable<ThreadsTable>;
export type ThreadFollowRow = Selectable<ThreadFollowsTable>;
export type RoomEventRow = Selectable<RoomEventsTable>;
export type UserRepositoryRow = Selectable<UserRepositoriesTable>;
export type UserContributionRow = Selectable<UserContributionsTable>;
export type PublicProfileRow = Selectable<PublicProfilesView>;

/** Normalises a boolean read from either engine. */
export function toBool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

/** Generated is re-exported so repositories need one import for column helpers. */
export type { Generated };
