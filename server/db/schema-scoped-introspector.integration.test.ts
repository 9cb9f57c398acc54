import { PostgresIntrospector, sql } from 'kysely';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase, describePostgres, TEST_DATABASE_URL, type TestDatabase } from '../testing/databases';
import { SchemaScopedIntrospector } from './schema-scoped-introspector';

describePostgres('introspection of one PostgreSQL schema', () => {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.destroy()));
  });

  async function fresh(): Promise<TestDatabase> {
    const database = await createTestDatabase('postgres');
    opened.push(database);
    return database;
  }

  it('describes exactly the tables Kysely’s own introspector finds in that schema, and no other schema', async () => {
    const mine = await fresh();
    const other = await fresh();
    await sql`create table only_elsewhere (id integer)`.execute(other.db);
    await sql`create view recent_rooms as select id from chat_rooms`.execute(mine.db);
    await sql`comment on column chat_rooms.id is 'the room id'`.execute(mine.db);

    const scoped = await new SchemaScopedIntrospector(mine.db, mine.schema!).getTables({
      withInternalKyselyTables: true,
    });
    const everything = await new PostgresIntrospector(mine.db).getTables({ withInternalKyselyTables: true });
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(scoped.sort(byName)).toEqual(everything.filter((table) => table.schema === mine.schema).sort(byName));
    expect(scoped.map((table) => table.name)).toContain('kysely_migration');
    expect(scoped.find((table) => table.name === 'recent_rooms')?.isView).toBe(true);
    expect(scoped.some((table) => table.name === 'only_elsewhere')).toBe(false);

    const withoutInternal = await new SchemaScopedIntrospector(mine.db, mine.schema!).getTables();
    expect(withoutInternal.map((table) => table.name)).not.toContain('kysely_migration');
    expect(await new SchemaScopedIntrospector(mine.db, mine.schema!).getSchemas()).toEqual([{ name: mine.schema }]);
  });

  it('migrates a new schema while other schemas of the database are being dropped', async () => {
    // Schemas come and go beside ours (each with tables, as a test database has) for as long as
    // five fresh databases are migrated.
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    let churning = true;
    let dropped = 0;
    const churn = (async () => {
      while (churning && dropped < 500) {
        const name = `churn_${process.pid}_${dropped}`;
        await admin.query(`create schema "${name}"`);
        await admin.query(`create table "${name}".t (id serial primary key, body text)`);
        await admin.query(`drop schema "${name}" cascade`);
        dropped++;
      }
    })();
    try {
      for (let i = 0; i < 5; i++) {
        const database = await fresh();
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(database.db);
        expect(rows[0]!.n).toBeGreaterThan(10);
      }
    } finally {
      churning = false;
      await churn;
      await admin.end();
    }
    expect(dropped).toBeGreaterThan(0);
  });
});
