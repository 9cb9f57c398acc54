import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagesPageResponse, MessageResponse, ToggleReactionResponse } from '../../shared/api/rooms';
import type { RoomEvent, ServerFrame } from '../../shared/realtime/protocol';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import type { Database } from '../db/schema';
import { migrations } from '../db/migrations/index';
import { openTestSocket, type TestSocket } from '../testing/ws-test-client';
import { buildRoom, buildUser, signIn } from '../testing/builders';
import { describeEachDatabase, TEST_DATABASE_URL } from '../testing/databases';
import { apiClient, type ApiClient } from '../testing/http';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * A deleted message's text, and the text an edited message had before, must not be readable by
 * anyone afterwards: not through the history API, not through a reaction answer, not through a
 * WebSocket replay from the start of the room's log, and not in the stored log itself.
 */
const ORIGIN = 'http://localhost:3000';
type EventFrame = Extract<ServerFrame, { type: 'room.event' }>;

describeEachDatabase('message history: deleted and replaced text', (engine) => {
  let app: TestApp;
  let api: ApiClient;
  let wsUrl: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    app = await createTestApp({ engine });
    api = apiClient(app.app);
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    wsUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.destroy();
  });

  async function member(roomId: string) {
    const user = await buildUser(app.ctx.database.db);
    const cookie = await signIn(app, user.id);
    expect((await api.post(`/api/rooms/${roomId}/join`, {}, { cookie })).statusCode).toBe(200);
    return { id: user.id, cookie };
  }

  async function send(roomId: string, cookie: string, content: string) {
    const response = await api.post(`/api/rooms/${roomId}/messages`, { client_id: randomUUID(), content }, { cookie });
    expect(response.statusCode).toBe(201);
    return response.json<MessageResponse>().message;
  }

  /**
   * What a newcomer receives when replaying the room's whole log over the WebSocket: the first
   * subscription from seq 0, then a resume (room.replay) from seq 0 on the same socket.
   */
  async function replayFromStart(roomId: string, cookie: string) {
    const socket = await openTestSocket(wsUrl, { cookie, origin: ORIGIN });
    sockets.push(socket);
    socket.send({ type: 'room.subscribe', room_id: roomId, after_seq: 0 });
    const { last_seq } = await socket.waitFor('room.subscribed', (f) => f.room_id === roomId);
    await socket.waitFor('room.event', () => socket.events(roomId).some((e) => e.seq === last_seq));
    const firstPass: EventFrame[] = [...socket.events(roomId)];
    socket.send({ type: 'room.replay', room_id: roomId, after_seq: 0 });
    const ref = randomUUID();
    socket.send({ type: 'ping', ref });
    await socket.waitFor('pong', (f) => f.ref === ref);
    return { lastSeq: last_seq, firstPass, all: socket.frames };
  }

  it('a newcomer replaying the log from seq 0 never receives deleted or pre-edit text', async () => {
    const db = app.ctx.database.db;
    const owner = await buildUser(db);
    const room = await buildRoom(db, owner.id);
    const ada = await member(room.id);
    const grace = await member(room.id);

    const deleted = await send(room.id, ada.cookie, 'the launch code is swordfish');
    const reacted = await api.post(`/api/messages/${deleted.id}/reactions`, { emoji: '👍' }, { cookie: grace.cookie });
    expect(reacted.statusCode).toBe(200);
    const edited = await send(room.id, ada.cookie, 'my password is hunter2');
    expect(
      (await api.patch(`/api/messages/${edited.id}`, { content: 'my first draft was wrong' }, { cookie: ada.cookie }))
        .statusCode,
    ).toBe(200);
    const final = await api.patch(
      `/api/messages/${edited.id}`,
      { content: 'nothing to see here' },
      { cookie: ada.cookie },
    );
    expect(final.statusCode).toBe(200);
    const finalMessage = final.json<MessageResponse>().message;
    expect((await api.delete(`/api/messages/${deleted.id}`, {}, { cookie: ada.cookie })).statusCode).toBe(204);

    const secrets = ['swordfish', 'hunter2', 'first draft'];
    const newcomer = await member(room.id);

    // WebSocket replay from the very start, as any member may ask for.
    const { lastSeq, firstPass, all } = await replayFromStart(room.id, newcomer.cookie);
    const text = JSON.stringify(all);
    for (const secret of secrets) expect(text).not.toContain(secret);
    // The log keeps every sequence number: no gaps for clients resuming.
    expect(firstPass.map((f) => f.seq)).toEqual(Array.from({ length: lastSeq }, (_, i) => i + 1));

    // The deleted message replays as a tombstone; the edited one as it is now.
    const about = (id: string) =>
      firstPass
        .map((f) => f.event)
        .filter(
          (e) => ('message' in e && e.message.id === id) || (e.type === 'message.deleted' && e.message_id === id),
        );
    expect(about(deleted.id).map((e) => e.type)).toEqual(['message.deleted', 'message.deleted']);
    const editedEvents = about(edited.id) as Array<Extract<RoomEvent, { type: 'message.created' | 'message.updated' }>>;
    expect(editedEvents.map((e) => e.type)).toEqual(['message.created', 'message.updated', 'message.updated']);
    for (const event of editedEvents) {
      expect(event.message.content).toBe('nothing to see here');
      expect(event.message.edited_at).toBe(finalMessage.edited_at);
    }

    // Nothing stored keeps the text: not the log, not the messages table.
    const stored = await db.selectFrom('room_events').select(['payload']).where('room_id', '=', room.id).execute();
    const messages = await db.selectFrom('messages').selectAll().where('room_id', '=', room.id).execute();
    for (const secret of secrets) {
      expect(JSON.stringify(stored)).not.toContain(secret);
      expect(JSON.stringify(messages)).not.toContain(secret);
    }
    // The deleted message stays in place only as a tombstone: no text, a deletion time.
    const byId = new Map(messages.map((m) => [m.id, m]));
    expect([...byId.keys()].sort()).toEqual([deleted.id, edited.id].sort());
    expect(byId.get(deleted.id)?.content).toBe('');
    expect(byId.get(deleted.id)?.deleted_at).not.toBeNull();

    // Nor any other API: history pages and reaction answers.
    const page = await api.get(`/api/rooms/${room.id}/messages`, { cookie: newcomer.cookie });
    const shown = page.json<MessagesPageResponse>().messages;
    expect(shown.filter((m) => !m.deleted).map((m) => m.content)).toEqual(['nothing to see here']);
    expect(shown.filter((m) => m.deleted).map((m) => [m.id, m.content])).toEqual([[deleted.id, '']]);
    const toggled = await api.post(
      `/api/messages/${edited.id}/reactions`,
      { emoji: '🎉' },
      { cookie: newcomer.cookie },
    );
    expect(toggled.json<ToggleReactionResponse>().added).toBe(true);
    const again = await api.post(`/api/messages/${deleted.id}/reactions`, { emoji: '🎉' }, { cookie: newcomer.cookie });
    expect(again.statusCode).toBe(404);
    for (const body of [page.body, toggled.body, again.body]) {
      for (const secret of secrets) expect(body).not.toContain(secret);
    }
  });

  it('the migration rewrites logs written before: deleted text becomes a tombstone, edits show the current text', async () => {
    const handle = await openLegacyDatabase(engine);
    try {
      const db = handle.db;
      const owner = await buildUser(db);
      const room = await buildRoom(db, owner.id, { last_seq: 4 });
      const keptId = randomUUID();
      const goneId = randomUUID();
      const at = '2026-11-20T10:00:00.000Z';
      const editedAt = '2026-11-20T10:05:00.000Z';
      const dto = (id: string, content: string, edited_at: string | null) => ({
        id,
        room_id: room.id,
        user_id: owner.id,
        client_id: randomUUID(),
        content,
        created_at: at,
        edited_at,
        author: { id: owner.id, username: owner.username ?? null, display_name: null, avatar_url: null },
        reactions: [],
        deleted: false,
      });
      const {
        author: _author,
        reactions: _reactions,
        deleted: _deleted,
        ...keptRow
      } = dto(keptId, 'current words', editedAt);
      await db.insertInto('messages').values(keptRow).execute();
      const legacy: Array<{ seq: number; event: RoomEvent }> = [
        { seq: 1, event: { type: 'message.created', message: dto(keptId, 'old secret words', null) } },
        { seq: 2, event: { type: 'message.created', message: dto(goneId, 'deleted secret words', null) } },
        { seq: 3, event: { type: 'message.updated', message: dto(keptId, 'middle secret words', at) } },
        { seq: 4, event: { type: 'message.deleted', message_id: goneId } },
      ];
      for (const { seq, event } of legacy) {
        await sql`insert into room_events (room_id, seq, type, payload, created_at)
          values (${room.id}, ${seq}, ${event.type}, ${JSON.stringify(event)}, ${at})`.execute(db);
      }

      await migrateToLatest(handle);

      const rows = await db
        .selectFrom('room_events')
        .select(['seq', 'type', 'payload', 'message_id'])
        .where('room_id', '=', room.id)
        .orderBy('seq')
        .execute();
      expect(rows.map((r) => [Number(r.seq), r.type])).toEqual([
        [1, 'message.created'],
        [2, 'message.deleted'],
        [3, 'message.updated'],
        [4, 'message.deleted'],
      ]);
      expect(JSON.stringify(rows)).not.toContain('secret');
      expect(JSON.parse(rows[1]!.payload)).toEqual({ v: 1, message_id: goneId });
      for (const row of [rows[0]!, rows[2]!]) {
        const event = JSON.parse(row.payload) as { message: { id: string; content: string; edited_at: string } };
        expect(event.message).toMatchObject({ id: keptId, content: 'current words', edited_at: editedAt });
        expect(row.message_id).toBe(keptId);
      }
    } finally {
      await handle.destroy();
    }
  });
});

/** A fresh database migrated only up to the schema before room events named their message. */
async function openLegacyDatabase(
  engine: 'sqlite' | 'postgres',
): Promise<DatabaseHandle & { destroy(): Promise<void> }> {
  const names = Object.keys(migrations).sort();
  const before = names[names.indexOf('20261124_0500_room_events_message_text') - 1] as string;
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let schema: string | undefined;
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-legacy-'));
    handle = await openDatabase(`sqlite:${path.join(dir, 'legacy.db')}`);
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    schema = `t_${randomBytes(6).toString('hex')}`;
    handle = await openDatabase(TEST_DATABASE_URL, { schema, poolSize: 2 });
    cleanup = async () => {
      const admin = await openDatabase(TEST_DATABASE_URL, { poolSize: 1 });
      await sql.raw(`drop schema if exists "${schema}" cascade`).execute(admin.db);
      await admin.close();
    };
  }
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const result = await migrator.migrateTo(before);
  if (result.error) throw result.error;
  return {
    ...handle,
    async destroy() {
      await handle.close();
      await cleanup();
    },
  };
}

/**
 * Copies the whole write-ahead log into the file. A checkpoint the server's background thread has
 * under way makes this one answer busy at once (nothing copied): it is asked again.
 */
async function checkpointAll(db: Kysely<Database>): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    if (rows[0]?.busy === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the log could not be checkpointed');
}

describe('message history: the SQLite file', () => {
  it('keeps no trace of a deleted or replaced text in the database file', async () => {
    const app = await createTestApp({ engine: 'sqlite' });
    try {
      const api = apiClient(app.app);
      const db = app.ctx.database.db;
      const user = await buildUser(db);
      const cookie = await signIn(app, user.id);
      const room = await buildRoom(db, user.id);
      expect((await api.post(`/api/rooms/${room.id}/join`, {}, { cookie })).statusCode).toBe(200);
      const post = async (content: string) =>
        (
          await api.post(`/api/rooms/${room.id}/messages`, { client_id: randomUUID(), content }, { cookie })
        ).json<MessageResponse>().message;
      const deleted = await post('zebra-crossing-7781 is the vault combination xylophonequartz');
      const edited = await post('quokka-parade-5523 was my first wording pumpernickelzeal');
      await post('an ordinary message that stays');
      // Everything so far reaches the main database file.
      await checkpointAll(db);
      expect((await api.delete(`/api/messages/${deleted.id}`, {}, { cookie })).statusCode).toBe(204);
      expect((await api.patch(`/api/messages/${edited.id}`, { content: 'reworded' }, { cookie })).statusCode).toBe(200);
      await checkpointAll(db);

      const file = fs.readFileSync(app.database.url.slice('sqlite:'.length));
      expect(file.includes('an ordinary message that stays')).toBe(true);
      expect(file.includes('zebra-crossing-7781')).toBe(false);
      expect(file.includes('quokka-parade-5523')).toBe(false);
      // Nor a word of theirs in the search index (it keeps single words, not whole texts).
      expect(file.includes('ordinary')).toBe(true);
      expect(file.includes('xylophonequartz')).toBe(false);
      expect(file.includes('pumpernickelzeal')).toBe(false);
    } finally {
      await app.destroy();
    }
  });
});
