import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLOSE_CODES } from '../../shared/realtime/protocol';
import { createMember } from '../testing/room-test-kit';
import { hashToken } from '../services/sessions.service';
import { describeEachDatabase } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { busChannels, publishOn } from '../bus/channels';
import { createRoomChanges } from '../services/room-events/room-change';
import { attachRealtimeGateway } from './gateway';
import { openTestSocket } from '../testing/ws-test-client';

/** A gateway with short timers and small buffers: session re-checks and slow consumers. */
describeEachDatabase('realtime housekeeping', (engine) => {
  let app: TestApp;
  let server: FastifyInstance;
  let gateway: { close(): Promise<void> };
  let url: string;

  beforeAll(async () => {
    app = await createTestApp({ engine, github: 'emulator' });
    // A second gateway on the same context, re-checking sessions often.
    server = Fastify();
    gateway = attachRealtimeGateway(
      server,
      { ...app.ctx, services: app.services },
      {
        sessionCheckMs: 100,
        housekeepingMs: 100,
        bufferLimits: { softBytes: 16 * 1024, hardBytes: 256 * 1024 },
      },
    );
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
  });
  afterAll(async () => {
    await gateway?.close();
    await server?.close();
    await app?.destroy();
  });

  it('closes a socket with 4001 once its session no longer exists, and leaves others open', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const adaSocket = await openTestSocket(url, { cookie: ada.cookie, origin: 'http://localhost:3000' });
    const graceSocket = await openTestSocket(url, { cookie: grace.cookie, origin: 'http://localhost:3000' });
    await app.services.sessions.destroy(hashToken(ada.cookie.slice(ada.cookie.indexOf('=') + 1)));
    expect(await adaSocket.closed).toBe(CLOSE_CODES.sessionEnded);
    graceSocket.send({ type: 'ping', ref: 'still-here' });
    expect(await graceSocket.waitFor('pong')).toMatchObject({ ref: 'still-here' });
    graceSocket.close();
  });

  it('closes a socket that stops reading with 4008 instead of buffering without end', async () => {
    const ada = await createMember(app);
    const { room } = await ada.join('axios/axios');
    const socket = await openTestSocket(url, { cookie: ada.cookie, origin: 'http://localhost:3000' });
    socket.send({ type: 'room.subscribe', room_id: room.id });
    const { last_seq: lastSeq } = await socket.waitFor('room.subscribed');
    socket.ws.pause();
    // Live events straight onto the bus (as other processes would publish them), far more than the reader takes.
    const padding = 'p'.repeat(8 * 1024);
    for (let i = 1; i <= 2000 && socket.ws.readyState === socket.ws.OPEN; i += 1) {
      await publishOn(app.ctx.bus, busChannels.room(room.id), {
        kind: 'event',
        seq: lastSeq + i,
        type: 'room.topic_changed',
        json: JSON.stringify({ type: 'room.topic_changed', topic: padding }),
      });
      if (i % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    socket.ws.resume();
    expect(await socket.closed).toBe(CLOSE_CODES.slowConsumer);
    expect(socket.events(room.id).length).toBeLessThan(2000);
  });

  it('delivers an event whose bus message was lost even when no later event reveals the gap', async () => {
    const ada = await createMember(app);
    const { room } = await ada.join('electron/electron');
    const socket = await openTestSocket(url, { cookie: ada.cookie, origin: 'http://localhost:3000' });
    socket.send({ type: 'room.subscribe', room_id: room.id, after_seq: 0 });
    await socket.waitFor('room.event', (f) => f.seq === 1);
    const silent = createRoomChanges({
      ...app.ctx,
      db: app.ctx.database.db,
      bus: { ...app.ctx.bus, publish: async () => undefined },
    });
    await silent.commit(room.id, async () => ({
      result: undefined,
      events: [{ type: 'message.deleted', message_id: '00000000-0000-4000-8000-0000000000aa' }],
    }));
    const late = await socket.waitFor('room.event', (f) => f.seq === 2);
    expect(late.event).toEqual({ type: 'message.deleted', message_id: '00000000-0000-4000-8000-0000000000aa' });
    socket.close();
  });

  it('cuts off a socket that stops answering pings, and keeps one that answers', async () => {
    const pinging = Fastify();
    const quickHeartbeat = attachRealtimeGateway(pinging, { ...app.ctx, services: app.services }, { heartbeatMs: 200 });
    try {
      await pinging.listen({ port: 0, host: '127.0.0.1' });
      const address = pinging.server.address();
      const pingUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
      const ada = await createMember(app);
      const grace = await createMember(app);
      const silent = await openTestSocket(pingUrl, { cookie: ada.cookie, origin: 'http://localhost:3000' });
      const answering = await openTestSocket(pingUrl, { cookie: grace.cookie, origin: 'http://localhost:3000' });
      // A paused socket reads nothing, so it never sees a ping to answer. Over several periods the
      // server cuts it off without a close handshake; once reading again it finds the end (1006).
      silent.ws.pause();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      silent.ws.resume();
      expect(await silent.closed).toBe(1006);
      answering.send({ type: 'ping', ref: 'still-here' });
      expect(await answering.waitFor('pong')).toMatchObject({ ref: 'still-here' });
      expect(answering.ws.readyState).toBe(answering.ws.OPEN);
      answering.close();
    } finally {
      await quickHeartbeat.close();
      await pinging.close();
    }
  });
});
