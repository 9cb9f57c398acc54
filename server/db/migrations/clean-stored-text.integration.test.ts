import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildRoom, buildUser } from '../../testing/builders';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../testing/databases';
import { migrations } from './index';
import { up as cleanStoredText } from './20261124_0600_clean_stored_text';

const THIS_MIGRATION = '20261124_0600_clean_stored_text';
const RLO = '\u202E';
const PDF = '\u202C';
const BEL = '\u0007';
const ESC = '\u001B';
const LEGITIMATE = 'family 👨‍👩‍👧 ❤️ مرحبا שלום 你好 Zoe\u0308 می\u200Cخواهم';

describeEachDatabase('migration: clean stored text', (engine) => {
  let database: TestDatabase;
  const ids = {
    dirtyUser: '',
    cleanUser: '',
    room: '',
    linkMessage: '',
    blankMessage: '',
    legitMessage: '',
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine, { migrate: false });
    // The schema as it was before this migration, holding text written by the older code.
    const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < THIS_MIGRATION));
    const migrated = await new Migrator({
      db: database.db,
      provider: { getMigrations: async () => earlier },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    }).migrateToLatest();
    expect(migrated.error).toBeUndefined();

    const db = database.db;
    const dirty = await buildUser(db, {
      display_name: `${RLO}nimda${BEL}${ESC}[2J`,
      bio: `line one\r\n${RLO}line two${BEL}\u0085three`,
      github_bio: `hello\u200B${ESC}[31m`,
      company: `Acme${RLO}\nInc`,
      location: '\u3164',
    });
    const clean = await buildUser(db, { display_name: 'Zoë 山田 👩‍💻', bio: LEGITIMATE });
    const room = await buildRoom(db, dirty.id, { last_seq: 2 });
    Object.assign(ids, { dirtyUser: dirty.id, cleanUser: clean.id, room: room.id });

    const message = (content: string) => ({
      id: randomUUID(),
      room_id: room.id,
      user_id: dirty.id,
      client_id: randomUUID(),
      content,
      created_at: new Date().toISOString(),
      edited_at: null,
    });
    const link = message(`see https://evil.example/${RLO}gpj.exe${PDF} now\u009B`);
    const blank = message(`\u200B\u3164${RLO}`);
    const legit = message(LEGITIMATE);
    await db.insertInto('messages').values([link, blank, legit]).execute();
    Object.assign(ids, { linkMessage: link.id, blankMessage: blank.id, legitMessage: legit.id });
    await db
      .insertInto('message_reactions')
      .values({
        id: randomUUID(),
        message_id: blank.id,
        room_id: room.id,
        user_id: clean.id,
        emoji: '👍',
        created_at: new Date().toISOString(),
      })
      .execute();
    const author = { id: dirty.id, username: null, display_name: dirty.display_name, avatar_url: null };
    const created = (m: typeof link) => ({
      type: 'message.created',
      message: { ...m, author, reactions: [] },
    });
    await db
      .insertInto('room_events')
      .values([
        {
          room_id: room.id,
          seq: 1,
          type: 'message.created',
          payload: JSON.stringify(created(link)),
          created_at: link.created_at,
        },
        {
          room_id: room.id,
          seq: 2,
          type: 'message.created',
          payload: JSON.stringify(created(legit)),
          created_at: legit.created_at,
        },
      ])
      .execute();

    // Up to this migration only: later ones change other things and have their own tests.
    const result = await new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    }).migrateTo(THIS_MIGRATION);
    expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([[THIS_MIGRATION, 'Success']]);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const profile = (id: string) =>
    database.db
      .selectFrom('profiles')
      .select(['display_name', 'bio', 'github_bio', 'company', 'location'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const content = async (id: string) =>
    (await database.db.selectFrom('messages').select('content').where('id', '=', id).executeTakeFirst())?.content;
  const events = () =>
    database.db.selectFrom('room_events').selectAll().where('room_id', '=', ids.room).orderBy('seq').execute();

  it('cleans display names, bios and GitHub text fields; blank ones become null', async () => {
    expect(await profile(ids.dirtyUser)).toEqual({
      display_name: 'nimda[2J',
      bio: 'line one\nline two\nthree',
      github_bio: 'hello[31m',
      company: 'Acme Inc',
      location: null,
    });
  });

  it('leaves legitimate text alone: emoji sequences, selectors, right-to-left scripts, CJK, combining marks', async () => {
    expect(await profile(ids.cleanUser)).toMatchObject({ display_name: 'Zoë 山田 👩‍💻', bio: LEGITIMATE });
    expect(await content(ids.legitMessage)).toBe(LEGITIMATE);
  });

  it('cleans message texts in place', async () => {
    expect(await content(ids.linkMessage)).toBe('see https://evil.example/gpj.exe now');
  });

  it('deletes a message with nothing visible, its reactions, and tells the room through its event log', async () => {
    expect(await content(ids.blankMessage)).toBeUndefined();
    const reactions = await database.db
      .selectFrom('message_reactions')
      .select('id')
      .where('message_id', '=', ids.blankMessage)
      .execute();
    expect(reactions).toEqual([]);
    const room = await database.db
      .selectFrom('chat_rooms')
      .select('last_seq')
      .where('id', '=', ids.room)
      .executeTakeFirstOrThrow();
    expect(Number(room.last_seq)).toBe(3);
    const last = (await events()).at(-1);
    expect(last && { seq: Number(last.seq), type: last.type, payload: JSON.parse(last.payload) as unknown }).toEqual({
      seq: 3,
      type: 'message.deleted',
      payload: { type: 'message.deleted', message_id: ids.blankMessage },
    });
  });

  it('cleans the copies of messages and author names in the event log', async () => {
    const [first, second] = await events();
    const payload = JSON.parse(first?.payload ?? '{}') as {
      message: { id: string; content: string; author: { display_name: string } };
    };
    expect(payload.message).toMatchObject({
      id: ids.linkMessage,
      content: 'see https://evil.example/gpj.exe now',
      author: { display_name: 'nimda[2J' },
    });
    // An event with nothing to clean keeps its stored text byte for byte.
    expect(JSON.parse(second?.payload ?? '{}')).toMatchObject({ message: { content: LEGITIMATE } });
  });

  it('changes nothing when run again', async () => {
    const before = await events();
    const profiles = await database.db.selectFrom('profiles').selectAll().orderBy('id').execute();
    await cleanStoredText(database.db);
    expect(await events()).toEqual(before);
    expect(await database.db.selectFrom('profiles').selectAll().orderBy('id').execute()).toEqual(profiles);
  });
});
