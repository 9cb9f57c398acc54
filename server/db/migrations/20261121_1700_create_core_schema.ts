import { sql, type Kysely } from 'kysely';

/* Portable column types: text ids and ISO timestamps, integer counters, boolean flags. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('profiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('github_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('username', 'text')
    .addColumn('display_name', 'text')
    .addColumn('bio', 'text')
    .addColumn('theme_preference', 'text', (c) => c.notNull().defaultTo('system'))
    .addColumn('show_github_stats', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('show_repositories', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('show_contributions', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('show_location', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('show_company', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('profile_visibility', 'text', (c) => c.notNull().defaultTo('public'))
    .addColumn('github_username', 'text')
    .addColumn('github_url', 'text')
    .addColumn('github_created_at', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('company', 'text')
    .addColumn('location', 'text')
    .addColumn('blog', 'text')
    .addColumn('github_bio', 'text')
    .addColumn('email', 'text')
    .addColumn('public_repos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('followers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('following', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('contribution_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language_stats', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('github_token_sealed', 'text')
    .addColumn('github_synced_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Usernames are unique whatever their case; the database is the judge, so two saves racing cannot both win.
  await sql`create unique index profiles_username_lower_key on profiles (lower(username))`.execute(db);
  await db.schema.createIndex('profiles_github_username_idx').on('profiles').column('github_username').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('oauth_states')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('browser_binding', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chat_rooms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('repo_full_name', 'text', (c) => c.notNull())
    .addColumn('repo_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.notNull().references('profiles.id'))
    .addColumn('last_activity_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('chat_rooms_activity_idx').on('chat_rooms').column('last_activity_at').execute();

  await db.schema
    .createTable('chat_members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addColumn('left_at', 'text')
    .addUniqueConstraint('chat_members_room_user_key', ['room_id', 'user_id'])
    .execute();
  // A user's active rooms, newest join first.
  await db.schema
    .createIndex('chat_members_user_active_idx')
    .on('chat_members')
    .columns(['user_id', 'left_at', 'joined_at'])
    .execute();
  // A room's active members.
  await db.schema
    .createIndex('chat_members_room_active_idx')
    .on('chat_members')
    .columns(['room_id', 'left_at'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .addUniqueConstraint('messages_user_client_key', ['user_id', 'client_id'])
    .execute();
  // A room's messages by time (cursor pagination uses created_at, id).
  await db.schema
    .createIndex('messages_room_time_idx')
    .on('messages')
    .columns(['room_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('message_reactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id'))
    .addColumn('emoji', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('message_reactions_message_user_emoji_key', ['message_id', 'user_id', 'emoji'])
    .execute();

  await db.schema
    .createTable('room_events')
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('room_events_pkey', ['room_id', 'seq'])
    .execute();

  await db.schema
    .createTable('user_repositories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('repo_name', 'text', (c) => c.notNull())
    .addColumn('repo_url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('language', 'text')
    .addColumn('stars_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('forks_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('user_repositories_user_stars_idx')
    .on('user_repositories')
    .columns(['user_id', 'stars_count'])
    .execute();

  await db.schema
    .createTable('user_contributions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('repo_full_name', 'text', (c) => c.notNull())
    .addColumn('contribution_type', 'text', (c) => c.notNull())
    .addColumn('contribution_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('user_contributions_user_count_idx')
    .on('user_contributions')
    .columns(['user_id', 'contribution_count'])
    .execute();

  await db.schema
    .createTable('github_cache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .execute();

  // The public read model: private profiles are absent; hidden fields read as null.
  await sql`
    create view public_profiles as
    select id, username, display_name, bio, avatar_url, github_username, github_url, github_created_at,
      case when show_location then location end as location,
      case when show_company then company end as company,
      show_github_stats, show_repositories, show_contributions,
      case when show_github_stats then public_repos end as public_repos,
      case when show_github_stats then followers end as followers,
      case when show_github_stats then following end as following,
      case when show_github_stats then contribution_streak end as contribution_streak,
      case when show_github_stats then language_stats end as language_stats
    from profiles
    where profile_visibility = 'public'
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop view if exists public_profiles`.execute(db);
  for (const table of [
    'github_cache',
    'user_contributions',
    'user_repositories',
    'room_events',
    'message_reactions',
    'messages',
    'chat_members',
    'chat_rooms',
    'oauth_states',
    'sessions',
    'profiles',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
