import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser } from '../testing/builders';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../testing/databases';
import { preparedQuery } from './prepared-query';

const profileByUsername = preparedQuery(1, (db, username: string) =>
  db.selectFrom('profiles').select(['id', 'username', 'display_name']).where('username', '=', username),
);

// A constant in the query (the 'is not null' and the literal display name) next to an argument.
const renamed = preparedQuery(2, (db, id: string, bio: string) =>
  db
    .updateTable('profiles')
    .set({ bio, display_name: 'Prepared' })
    .where('id', '=', id)
    .where('username', 'is not', null)
    .returning(['id', 'bio', 'display_name']),
);

describeEachDatabase('prepared queries', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('binds new arguments at every run and keeps the constants', async () => {
    const ada = await buildUser(database.db, { username: 'prep-ada', display_name: 'Ada' });
    const ken = await buildUser(database.db, { username: 'prep-ken', display_name: 'Ken' });
    expect(await profileByUsername.first(database.db, 'prep-ada')).toEqual({
      id: ada.id,
      username: 'prep-ada',
      display_name: 'Ada',
    });
    expect(await profileByUsername.all(database.db, 'prep-ken')).toEqual([
      { id: ken.id, username: 'prep-ken', display_name: 'Ken' },
    ]);
    expect(await profileByUsername.first(database.db, 'prep-nobody')).toBeUndefined();
    expect(await renamed.first(database.db, ken.id, 'new bio')).toEqual({
      id: ken.id,
      bio: 'new bio',
      display_name: 'Prepared',
    });
    expect(await profileByUsername.first(database.db, 'prep-ada')).toMatchObject({ display_name: 'Ada' });
  });

  it('runs inside a transaction and rolls back with it', async () => {
    const user = await buildUser(database.db, { username: 'prep-trx', bio: 'before' });
    await expect(
      database.db.transaction().execute(async (trx) => {
        expect(await renamed.first(trx, user.id, 'inside')).toMatchObject({ bio: 'inside' });
        expect(await profileByUsername.first(trx, 'prep-trx')).toMatchObject({ display_name: 'Prepared' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = await database.db.selectFrom('profiles').select('bio').where('id', '=', user.id).executeTakeFirst();
    expect(after?.bio).toBe('before');
  });

  it('refuses a query that leaves an argument out of its parameters', async () => {
    const careless = preparedQuery(2, (db, id: string, _username: string) =>
      db.selectFrom('profiles').select('id').where('id', '=', id),
    );
    await expect(careless.all(database.db, 'x', 'y')).rejects.toThrow(/argument 1 is not a bound parameter/);
  });
});
