/**
 * WebSocket abuse: what one signed-in user flooding the socket costs everyone else. One product
 * process on SQLite (127.0.0.1 only); a quiet phase, then a phase in which a separate process
 * floods from many sockets of one user (pings and full replays of a 500-event log, reconnecting
 * at once on every close). Throughout, other users send over HTTP and a reader times each
 * message from the start of its send to its arrival on the reader's socket, and /api/health is
 * requested back to back. Every part stops by itself after its phase.
 */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { MAX_REPLAY_EVENTS } from '../../shared/realtime/protocol';
import { openDatabase } from '../../server/db/database';
import { encodeFact } from '../../server/services/room-events/room-event-facts';
import { createProductServer } from '../../server/testing/services/product-server';
import { startCpuWindow } from '../lib/cpu-meter';
import { percentile, round } from '../lib/percentiles';
import { seedChat } from '../lib/seed-chat';
import { builtServerEntry } from '../lib/built-server';
import { createEventLoopProbe, type EventLoopProbe } from '../lib/event-loop-delay';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface AbusePhase {
  name: string;
  seconds: number;
  messagesSent: number;
  messagesDelivered: number;
  deliveryP50Ms: number;
  deliveryP99Ms: number;
  /** The slowest message of the phase. */
  deliveryMaxMs: number;
  healthRequests: number;
  healthFailures: number;
  healthP50Ms: number;
  healthP99Ms: number;
  /** CPU the server process used, as a share of one core. */
  serverCpuShare: number;
  /** CPU the flooding process used, as a share of one core. */
  flooderCpuShare: number;
  /** Busy CPU of everything else on the machine, as a share of all its cores. */
  othersShare: number;
  /** The server's event-loop delay over the phase (ms). */
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
}

export interface AbuseResult {
  floodSockets: number;
  floodRate: number;
  replayLogEvents: number;
  phases: AbusePhase[];
  /** What the flooding process reported: connections, frames written, close codes. */
  flooder: Record<string, unknown>;
  targets: { deliveryP99Ms: number; healthP99Ms: number };
}

export interface AbuseOptions {
  quietSeconds: number;
  floodSeconds: number;
  floodSockets: number;
  /** Frames per second the flooder writes over all its sockets. */
  floodRate: number;
}

/** Every sender keeps under the send limit (10 a minute): one message each per this many ms. */
const SENDER_PERIOD_MS = 7_000;
const SEND_EVERY_MS = 150;
let probes = 0;

export async function runAbuseBench(options: AbuseOptions, log: (line: string) => void): Promise<AbuseResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-abuse-bench-'));
  const databaseUrl = `sqlite:${path.join(dir, 'bench.db')}`;
  const probe = await createEventLoopProbe();
  const server = await createProductServer({
    databaseUrl,
    sessionSecret: randomBytes(32).toString('hex'),
    entry: builtServerEntry(),
    nodeArgs: probe.nodeArgs,
    env: probe.env,
  });
  const sockets: WebSocket[] = [];
  try {
    await server.start();
    const handle = await openDatabase(databaseUrl);
    const senderCount = Math.ceil(SENDER_PERIOD_MS / SEND_EVERY_MS);
    const [calm, heavy] = await seedChat(handle, { rooms: 2, membersPerRoom: 1, sendersPerRoom: senderCount });
    if (!calm?.members[0] || !heavy?.members[0]) throw new Error('seed failed');
    await seedReplayLog(handle, heavy.id, MAX_REPLAY_EVENTS);
    await handle.close();

    const reader = await openReader(server.origin, calm.members[0].cookie, calm.id);
    sockets.push(reader.ws);
    const phases: AbusePhase[] = [];
    const measurePhase = (name: string, seconds: number, flooderPids: number[] = []) =>
      measure(name, seconds, server.origin, calm.id, calm.senders, reader, probe, server.pid() ?? 0, flooderPids);
    log(`abuse: quiet phase, ${options.quietSeconds} s`);
    phases.push(await measurePhase('quiet', options.quietSeconds));

    log(`abuse: one user floods from ${options.floodSockets} sockets, ${options.floodSeconds} s`);
    const flooder = startFlooder(server.origin, heavy.members[0].cookie, heavy.id, options);
    await flooder.ready;
    phases.push(await measurePhase('flood', options.floodSeconds, [flooder.pid]));
    const flooderReport = await flooder.done;
    for (const phase of phases)
      log(
        `abuse: ${phase.name}: delivery p50 ${phase.deliveryP50Ms} ms p99 ${phase.deliveryP99Ms} ms max ${phase.deliveryMaxMs} ms ` +
          `(${phase.messagesDelivered}/${phase.messagesSent}), health p50 ${phase.healthP50Ms} ms p99 ${phase.healthP99Ms} ms ` +
          `(${phase.healthRequests}, ${phase.healthFailures} failed), server CPU ${phase.serverCpuShare} core, ` +
          `flooder CPU ${phase.flooderCpuShare} core, event loop p99 ${phase.eventLoopP99Ms} ms max ${phase.eventLoopMaxMs} ms, ` +
          `rest of machine ${Math.round(phase.othersShare * 100)} %`,
      );
    log(`abuse: flooder ${JSON.stringify(flooderReport)}`);
    return {
      floodSockets: options.floodSockets,
      floodRate: options.floodRate,
      replayLogEvents: MAX_REPLAY_EVENTS,
      phases,
      flooder: flooderReport,
      targets: { deliveryP99Ms: 100, healthP99Ms: 50 },
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface Reader {
  ws: WebSocket;
  /** Arrival time of each tagged message, by tag. */
  arrivals: Map<string, number>;
}

function openReader(origin: string, cookie: string, roomId: string): Promise<Reader> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws`, { headers: { origin, cookie } });
    const arrivals = new Map<string, number>();
    ws.on('open', () => ws.send(JSON.stringify({ type: 'room.subscribe', room_id: roomId })));
    ws.on('message', (data) => {
      const text = data.toString();
      if (text.includes('"room.subscribed"')) resolve({ ws, arrivals });
      const match = /abuse-probe-(\d+)/.exec(text);
      if (match?.[1]) arrivals.set(match[1], performance.now());
    });
    ws.on('error', reject);
  });
}

async function measure(
  name: string,
  seconds: number,
  origin: string,
  roomId: string,
  senders: Array<{ cookie: string }>,
  reader: Reader,
  probe: EventLoopProbe,
  serverPid: number,
  flooderPids: number[] = [],
): Promise<AbusePhase> {
  await probe.reset();
  const cpu = startCpuWindow([serverPid, flooderPids]);
  const until = performance.now() + seconds * 1000;
  const sentAt = new Map<string, number>();
  let senderIndex = 0;
  const sends: Array<Promise<void>> = [];
  const sendLoop = (async () => {
    while (performance.now() < until) {
      const sender = senders[senderIndex++ % senders.length];
      const tag = String((probes += 1));
      const started = performance.now();
      sentAt.set(tag, started);
      sends.push(
        fetch(`${origin}/api/rooms/${roomId}/messages`, {
          method: 'POST',
          headers: { cookie: sender?.cookie ?? '', origin, 'content-type': 'application/json' },
          body: JSON.stringify({ client_id: `abuse-${name}-${senderIndex}`, content: `abuse-probe-${tag}` }),
        }).then(
          (response) => void response.arrayBuffer(),
          () => undefined,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, SEND_EVERY_MS));
    }
  })();
  const health: number[] = [];
  let healthFailures = 0;
  const healthLoop = (async () => {
    while (performance.now() < until) {
      const started = performance.now();
      try {
        const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
        if (response.status === 200) health.push(performance.now() - started);
        else healthFailures += 1;
      } catch {
        healthFailures += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  await Promise.all([sendLoop, healthLoop]);
  const window = cpu();
  const eventLoop = await probe.read();
  await Promise.all(sends);
  // Late deliveries count with their full latency (up to a bound; what never came is reported).
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline && [...sentAt.keys()].some((tag) => !reader.arrivals.has(tag)))
    await new Promise((resolve) => setTimeout(resolve, 50));
  const latencies = [...sentAt]
    .filter(([tag]) => reader.arrivals.has(tag))
    .map(([tag, at]) => (reader.arrivals.get(tag) ?? at) - at)
    .sort((a, b) => a - b);
  health.sort((a, b) => a - b);
  return {
    name,
    seconds,
    messagesSent: sentAt.size,
    messagesDelivered: latencies.length,
    deliveryP50Ms: round(percentile(latencies, 50)),
    deliveryP99Ms: round(percentile(latencies, 99)),
    deliveryMaxMs: round(latencies[latencies.length - 1] ?? 0),
    healthRequests: health.length + healthFailures,
    healthFailures,
    healthP50Ms: round(percentile(health, 50)),
    healthP99Ms: round(percentile(health, 99)),
    serverCpuShare: round((window.processMicros[0] ?? 0) / (window.wallMs * 1000)),
    flooderCpuShare: round((window.processMicros[1] ?? 0) / (window.wallMs * 1000)),
    othersShare: round(window.othersShare),
    eventLoopP99Ms: eventLoop.p99,
    eventLoopMaxMs: eventLoop.max,
  };
}

interface Flooder {
  pid: number;
  /** Resolves once the flooder has loaded and starts flooding. */
  ready: Promise<void>;
  /** The flooder's report once it has exited by itself. */
  done: Promise<Record<string, unknown>>;
}

function startFlooder(origin: string, cookie: string, roomId: string, options: AbuseOptions): Flooder {
  const args = ['--import', 'tsx', path.join(HERE, 'abuse-flooder.ts'), origin, cookie, roomId].concat(
    [options.floodSockets, options.floodSeconds, options.floodRate].map(String),
  );
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  // It exits by itself after its phase; this is a backstop.
  const backstop = setTimeout(() => child.kill('SIGKILL'), (options.floodSeconds + 30) * 1000);
  let out = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    if (out.includes('ready\n')) markReady();
  });
  const done = new Promise<Record<string, unknown>>((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(backstop);
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as Record<string, unknown>);
      } catch {
        resolve({ error: `flooder exited (${code}) without a report` });
      }
      markReady();
    }),
  );
  return { pid: child.pid ?? 0, ready, done };
}

/** A log of `count` events in the room, so that every subscribe after_seq:0 replays all of it. */
async function seedReplayLog(
  handle: Awaited<ReturnType<typeof openDatabase>>,
  roomId: string,
  count: number,
): Promise<void> {
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({
    room_id: roomId,
    seq: i + 1,
    type: 'message.deleted',
    payload: encodeFact({ type: 'message.deleted', message_id: `seeded-${i + 1}` }),
    created_at: now,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await handle.db
      .insertInto('room_events')
      .values(rows.slice(i, i + 200))
      .execute();
  await handle.db.updateTable('chat_rooms').set({ last_seq: count }).where('id', '=', roomId).execute();
}
