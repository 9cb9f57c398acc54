import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser } from '../testing/builders';
import { createTestDatabase, describePostgres, type TestDatabase } from '../testing/databases';
import { NamedStatements } from './postgres-named-statements';

describePostgres('named statements on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('runs a parameterised statement as one prepared statement per connection, with new values each time', async () => {
    const ada = await buildUser(database.db, { username: 'named-ada', display_name: 'Ada' });
    const grace = await buildUser(database.db, { username: 'named-grace', display_name: 'Grace' });
    // One connection, so the statement and the view of its prepared statements share a session.
    const seen = await database.db.connection().execute(async (connection) => {
      const names: Array<string | null | undefined> = [];
      for (const id of [ada.id, grace.id, ada.id]) {
        const row = await sql<{ display_name: string | null }>`
          select display_name from profiles where id = ${id}`.execute(connection);
        names.push(row.rows[0]?.display_name);
      }
      const prepared = await sql<{ statement: string }>`
        select statement from pg_prepared_statements where statement like '%from profiles where id = $1%'`.execute(
        connection,
      );
      return { names, prepared: prepared.rows.length };
    });
    expect(seen.names).toEqual(['Ada', 'Grace', 'Ada']);
    expect(seen.prepared).toBe(1);
  });

  it('names each text once and stops naming new texts at its cap', () => {
    const statements = new NamedStatements();
    const first = statements.nameFor('select $1');
    expect(first).toMatch(/^rr_/);
    expect(statements.nameFor('select $1')).toBe(first);
    expect(statements.nameFor('select $1, $2')).not.toBe(first);
    for (let i = 0; i < 1000; i += 1) statements.nameFor(`select $1 + ${i}`);
    expect(statements.nameFor('select $1 + 99999')).toBeUndefined();
    // Texts named before the cap keep their names.
    expect(statements.nameFor('select $1')).toBe(first);
  });
});
