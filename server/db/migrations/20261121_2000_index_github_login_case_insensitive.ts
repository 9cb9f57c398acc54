import { sql, type Kysely } from 'kysely';

/** GitHub logins are case-insensitive: sign-in looks up the previous holder of a login by lower(). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index profiles_github_username_lower_idx on profiles (lower(github_username))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index profiles_github_username_lower_idx`.execute(db);
}
