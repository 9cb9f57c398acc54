/**
 * Replays: what it costs the server to send a room's history of events to sockets that resume
 * from the start. One product process on SQLite (127.0.0.1 only); a room's log filled through the
 * HTTP API with messages (every fifth a reply) and reactions; then, in rounds, every member's
 * socket subscribes with after_seq 0 at the same moment and the time until its last event arrives
 * is taken, with the server's CPU over the round. The first round reads a log no socket has read
 * yet; the next ones read it again right after.
 *
 *   npm run bench -- --only=replay [--replay-sockets=N --replay-messages=N --replay-rounds=N]
 *   node --import tsx bench/realtime/replay-bench.ts [ROUNDS]   the same on its own (prints the result)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { openDatabase } from '../../server/db/database';
import { createProductServer } from '../../server/testing/services/product-server';
import { startCpuWindow } from '../lib/cpu-meter';
import { percentile, round } from '../lib/percentiles';
import { seedChat, type BenchUser } from '../lib/seed-chat';
import { builtServerEntry } from '../lib/built-server';

export interface ReplayOptions {
  sockets: number;
  messages: number;
  rounds: number;
}

export interface ReplayRound {
  /** From the subscribes to the last socket's last event. */
  wallMs: number;
  /** Per socket, from its subscribe to its last event. */
  socketP50Ms: number;
  socketP99Ms: number;
  socketMaxMs: number;
  eventsDelivered: number;
  /** CPU the server used over the round (ms). */
  serverCpuMs: number;
  /** Busy CPU of everything else on the machine, as a share of all its cores. */
  othersShare: number;
}

export interface ReplayResult {
  sockets: number;
  logEvents: number;
  seedSeconds: number;
  rounds: ReplayRound[];
}

/** Each sender stays under the send limit (10 a minute) and the reaction limit (30 a minute). */
const PER_SENDER = 8;
const REACTIONS_PER_MEMBER = 4;

export async function runReplayBench(options: ReplayOptions, log: (line: string) => void): Promise<ReplayResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-replay-bench-'));
  const databaseUrl = `sqlite:${path.join(dir, 'bench.db')}`;
  const server = await createProductServer({
    databaseUrl,
    sessionSecret: randomBytes(32).toString('hex'),
    entry: builtServerEntry(),
  });
  try {
    await server.start();
    const handle = await openDatabase(databaseUrl);
    const [room] = await seedChat(handle, {
      rooms: 1,
      membersPerRoom: options.sockets,
      sendersPerRoom: Math.ceil(options.messages / PER_SENDER),
    });
    await handle.close();
    if (!room) throw new Error('seed failed');

    const seedStarted = performance.now();
    const api = apiOf(server.origin);
    const ids: string[] = [];
    for (let i = 0; i < options.messages; i += 1) {
      const sender = room.senders[Math.floor(i / PER_SENDER)] as BenchUser;
      const replyTo = i % 5 === 4 ? ids[i - 3] : undefined;
      const sent = await api.post(sender, `/api/rooms/${room.id}/messages`, {
        client_id: `replay-${i}`,
        content: `message ${i}: see #${i + 1} and @someone ${'words '.repeat(i % 20)}`,
        ...(replyTo ? { reply_to_id: replyTo } : {}),
      });
      ids.push((sent as { message: { id: string } }).message.id);
    }
    let reactions = 0;
    for (const [m, member] of room.members.entries()) {
      for (let r = 0; r < REACTIONS_PER_MEMBER; r += 1) {
        const messageId = ids[(m * 7 + r * 13) % ids.length] as string;
        await api.post(member, `/api/messages/${messageId}/reactions`, { emoji: ['👍', '🎉', '❤️', '👀'][r] });
        reactions += 1;
      }
    }
    const logEvents = options.messages + reactions;
    const seedSeconds = round((performance.now() - seedStarted) / 1000);
    log(`replay: log of ${logEvents} events written in ${seedSeconds} s`);

    const rounds: ReplayRound[] = [];
    for (let r = 0; r < options.rounds; r += 1) {
      const result = await replayRound(server.origin, room.id, room.members, logEvents, server.pid() ?? 0);
      log(
        `replay: round ${r + 1}: ${options.sockets} sockets × ${result.eventsDelivered / options.sockets} events in ` +
          `${result.wallMs} ms (per socket p50 ${result.socketP50Ms} ms p99 ${result.socketP99Ms} ms), ` +
          `server CPU ${result.serverCpuMs} ms, rest of machine ${Math.round(result.othersShare * 100)} %`,
      );
      rounds.push(result);
    }
    return { sockets: options.sockets, logEvents, seedSeconds, rounds };
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function apiOf(origin: string) {
  return {
    async post(user: BenchUser, url: string, body: unknown): Promise<unknown> {
      const response = await fetch(`${origin}${url}`, {
        method: 'POST',
        headers: { cookie: user.cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`);
      return JSON.parse(text) as unknown;
    },
  };
}

async function replayRound(
  origin: string,
  roomId: string,
  members: BenchUser[],
  logEvents: number,
  serverPid: number,
): Promise<ReplayRound> {
  const sockets = await Promise.all(members.map((member) => openSocket(origin, member.cookie)));
  const cpu = startCpuWindow([serverPid]);
  const started = performance.now();
  try {
    const times = await Promise.all(
      sockets.map(
        (ws) =>
          new Promise<{ ms: number; events: number }>((resolve, reject) => {
            const subscribed = performance.now();
            let events = 0;
            const timeout = setTimeout(() => reject(new Error(`replay incomplete: ${events} events`)), 120_000);
            ws.on('message', (data) => {
              const frame = JSON.parse(data.toString()) as { type: string; seq?: number };
              if (frame.type === 'room.resync') reject(new Error('the log is longer than a replay'));
              if (frame.type !== 'room.event') return;
              events += 1;
              if (frame.seq === logEvents) {
                clearTimeout(timeout);
                resolve({ ms: performance.now() - subscribed, events });
              }
            });
            ws.send(JSON.stringify({ type: 'room.subscribe', room_id: roomId, after_seq: 0 }));
          }),
      ),
    );
    const wallMs = performance.now() - started;
    const window = cpu();
    const perSocket = times.map((t) => t.ms).sort((a, b) => a - b);
    return {
      wallMs: round(wallMs),
      socketP50Ms: round(percentile(perSocket, 50)),
      socketP99Ms: round(percentile(perSocket, 99)),
      socketMaxMs: round(perSocket[perSocket.length - 1] ?? 0),
      eventsDelivered: times.reduce((sum, t) => sum + t.events, 0),
      serverCpuMs: round((window.processMicros[0] ?? 0) / 1000),
      othersShare: round(window.othersShare),
    };
  } finally {
    for (const ws of sockets) ws.terminate();
  }
}

function openSocket(origin: string, cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws`, { headers: { origin, cookie } });
    ws.once('message', () => resolve(ws)); // hello
    ws.once('error', reject);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await runReplayBench({ sockets: 20, messages: 400, rounds: Number(process.argv[2] ?? 3) }, (line) =>
    process.stdout.write(`[bench] ${line}\n`),
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
