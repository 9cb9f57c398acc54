/**
 * Load generator for the fan-out benchmark (a separate process, driven over IPC). It holds the
 * member sockets of every room, sends at a fixed rate over the senders' own sockets (`message.send`
 * frames, the same to the product and to the raw reference) and times each delivery: the send
 * time is embedded in the message text and read back on the same clock when the frame arrives.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { percentile, round } from '../lib/percentiles';
import type { GeneratorCommand, GeneratorEvent, GeneratorRoom, StepReport, Target } from './generator-protocol';
import { SenderSockets } from './generator-senders';

const SEND_LIMIT = 10;
const SEND_WINDOW_MS = 60_500;

interface TargetState {
  /** One per process of the deployment; the raw reference has one. */
  baseUrls: string[];
  /** Round-robin position for sender sockets over the base URLs. */
  sendCursor: number;
  rooms: GeneratorRoom[];
  members: WebSocket[];
  senders: SenderSockets;
  /** The raw reference pads what it broadcasts to the product's mean frame size (of the last step). */
  frameBytes: number;
  senderBudgets: Map<string, number[]>;
  senderCursor: Map<string, number>;
}

interface StepTally {
  delivered: number;
  frameBytes: number;
  latencies: number[];
}

const targets = new Map<Target, TargetState>();
const tallies = new Map<number, StepTally>();
let idle: WebSocket[] = [];
let stepCounter = 0;

function emit(event: GeneratorEvent): void {
  process.send?.(event);
}

/** A delivery is a room event frame; other frames may quote the message too (room.activity's excerpt). */
const ROOM_EVENT_FRAME = '{"type":"room.event"';

function onFrame(data: WebSocket.RawData): void {
  const text = data.toString();
  if (!text.startsWith(ROOM_EVENT_FRAME)) return;
  const at = text.indexOf('~b');
  if (at < 0) return;
  const colon = text.indexOf(':', at);
  const end = text.indexOf('~', colon);
  const step = Number(text.slice(at + 2, colon));
  const sentAt = Number(text.slice(colon + 1, end));
  const tally = tallies.get(step);
  if (!tally) return;
  tally.delivered += 1;
  tally.frameBytes += text.length;
  tally.latencies.push(performance.now() - sentAt);
}

function open(
  url: string,
  headers: Record<string, string>,
  subscribeRoom?: string,
  onText?: (text: string) => void,
): Promise<WebSocket | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers, handshakeTimeout: 30_000, perMessageDeflate: false });
    let settled = false;
    const done = (value: WebSocket | null) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    ws.on('message', (data) => {
      if (subscribeRoom && !settled && data.toString().includes('"room.subscribed"')) done(ws);
      if (onText) onText(data.toString());
      else onFrame(data);
    });
    ws.on('open', () => {
      if (!subscribeRoom) return done(ws);
      ws.send(JSON.stringify({ type: 'room.subscribe', room_id: subscribeRoom }));
    });
    ws.on('error', () => done(null));
    ws.on('close', () => done(null));
  });
}

async function openMany(jobs: Array<() => Promise<WebSocket | null>>, concurrency = 100): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        const ws = job ? await job() : null;
        if (ws) sockets.push(ws);
      }
    }),
  );
  return sockets;
}

function memberJobs(target: Target, state: TargetState, rooms: GeneratorRoom[], count?: number) {
  const jobs: Array<() => Promise<WebSocket | null>> = [];
  const total = count ?? rooms.reduce((sum, room) => sum + room.memberCookies.length, 0);
  for (let i = 0; jobs.length < total; i += 1) {
    const room = rooms[i % rooms.length];
    if (!room) break;
    const cookie = room.memberCookies[Math.floor(i / rooms.length) % room.memberCookies.length] ?? '';
    // Consecutive members of a room land on different processes, so every room spans them all.
    const baseUrl = state.baseUrls[Math.floor(i / rooms.length) % state.baseUrls.length] ?? '';
    const wsBase = baseUrl.replace(/^http/, 'ws');
    jobs.push(() =>
      target === 'raw'
        ? open(`${wsBase}/?room=${room.id}`, {})
        : open(`${wsBase}/ws`, { origin: baseUrl, cookie }, room.id),
    );
  }
  return jobs;
}

async function connect(command: Extract<GeneratorCommand, { cmd: 'connect' }>): Promise<void> {
  const state: TargetState = {
    baseUrls: command.baseUrls,
    sendCursor: 0,
    rooms: command.rooms,
    members: [],
    senders: new SenderSockets((cookie, roomId, onText) => {
      // A member's socket, not subscribed to the room: the room's deliveries stay its members'.
      const baseUrl = state.baseUrls[state.sendCursor++ % state.baseUrls.length] ?? '';
      const wsBase = baseUrl.replace(/^http/, 'ws');
      return command.target === 'raw'
        ? open(`${wsBase}/send?room=${roomId}&bytes=${state.frameBytes}`, {}, undefined, onText)
        : open(`${wsBase}/ws`, { origin: baseUrl, cookie }, undefined, onText);
    }),
    frameBytes: 600,
    senderBudgets: new Map(),
    senderCursor: new Map(),
  };
  targets.set(command.target, state);
  const jobs = memberJobs(command.target, state, command.rooms);
  state.members = await openMany(jobs);
  emit({
    evt: 'connected',
    target: command.target,
    open: state.members.length,
    failed: jobs.length - state.members.length,
  });
}

/**
 * A sender of the room with budget left under the per-minute limit (the same one until its budget
 * is spent, so few sender sockets are open at once), or undefined; `last`: this send spends it.
 */
function pickSender(
  state: TargetState,
  room: GeneratorRoom,
  now: number,
): { cookie: string; last: boolean } | undefined {
  const start = state.senderCursor.get(room.id) ?? 0;
  for (let k = 0; k < room.senderCookies.length; k += 1) {
    const index = (start + k) % room.senderCookies.length;
    const cookie = room.senderCookies[index] ?? '';
    const stamps = (state.senderBudgets.get(cookie) ?? []).filter((t) => now - t < SEND_WINDOW_MS);
    if (stamps.length < SEND_LIMIT) {
      stamps.push(now);
      state.senderBudgets.set(cookie, stamps);
      state.senderCursor.set(room.id, index);
      return { cookie, last: stamps.length === SEND_LIMIT };
    }
    state.senderBudgets.set(cookie, stamps);
  }
  return undefined;
}

const FILLER = 'the quick brown fox jumps over the lazy dog while the room keeps talking about releases and issues ';

function messageText(step: number): string {
  return `~b${step}:${performance.now().toFixed(3)}~ ${FILLER}`;
}

async function runStep(command: Extract<GeneratorCommand, { cmd: 'step' }>): Promise<void> {
  const state = targets.get(command.target);
  if (!state) throw new Error(`not connected to ${command.target}`);
  const step = ++stepCounter;
  state.frameBytes = command.frameBytes;
  const tally: StepTally = { delivered: 0, frameBytes: 0, latencies: [] };
  tallies.set(step, tally);
  const failures: Record<string, number> = {};
  const pending: Array<Promise<void>> = [];
  let sent = 0;
  let accepted = 0;
  let starved = 0;
  let roomIndex = 0;
  const membersPerRoom = new Map<string, number>();
  for (const room of state.rooms) membersPerRoom.set(room.id, room.memberCookies.length);
  let expected = 0;

  const started = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - started;
      const due = Math.min(Math.floor((command.rate * Math.min(elapsed, command.durationMs)) / 1000), Infinity);
      while (sent + starved < due) {
        const room = state.rooms[roomIndex++ % state.rooms.length];
        if (!room) break;
        const sender = pickSender(state, room, Date.now());
        if (!sender) {
          starved += 1;
          continue;
        }
        sent += 1;
        pending.push(
          // The send time is read when the frame leaves (after the sender's socket opened).
          state.senders
            .send(sender.cookie, room.id, () => messageText(step), sender.last)
            .then((status) => {
              if (status >= 200 && status < 300) {
                accepted += 1;
                expected += membersPerRoom.get(room.id) ?? 0;
              } else failures[String(status)] = (failures[String(status)] ?? 0) + 1;
            }),
        );
      }
      if (elapsed >= command.durationMs) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });
  await Promise.all(pending);
  // Let in-flight deliveries land, but stop waiting as soon as everything expected arrived.
  const drainUntil = performance.now() + command.drainMs;
  while (tally.delivered < expected && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
  tallies.delete(step);

  const sorted = Float64Array.from(tally.latencies).sort();
  const report: StepReport = {
    target: command.target,
    rate: command.rate,
    durationMs: command.durationMs,
    sent,
    accepted,
    failures,
    starved,
    expected,
    delivered: tally.delivered,
    latencyMs: {
      p50: round(percentile(sorted, 50)),
      p90: round(percentile(sorted, 90)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.length ? (sorted[sorted.length - 1] ?? 0) : 0),
    },
    meanFrameBytes: tally.delivered ? Math.round(tally.frameBytes / tally.delivered) : 0,
  };
  emit({ evt: 'step-done', report });
}

async function openIdle(command: Extract<GeneratorCommand, { cmd: 'idle' }>): Promise<void> {
  const state = targets.get(command.target);
  if (!state) throw new Error(`not connected to ${command.target}`);
  const jobs = memberJobs(command.target, state, command.rooms, command.count);
  idle = await openMany(jobs);
  emit({ evt: 'idle-open', target: command.target, open: idle.length, failed: jobs.length - idle.length });
}

async function closeIdle(): Promise<void> {
  const closing = idle.map(
    (ws) =>
      new Promise<void>((resolve) => {
        ws.once('close', () => resolve());
        ws.terminate();
      }),
  );
  await Promise.all(closing);
  idle = [];
  emit({ evt: 'idle-closed' });
}

process.on('message', (message: GeneratorCommand) => {
  const run = async () => {
    switch (message.cmd) {
      case 'connect':
        return connect(message);
      case 'step':
        return runStep(message);
      case 'idle':
        return openIdle(message);
      case 'close-idle':
        return closeIdle();
      case 'exit':
        for (const state of targets.values()) {
          for (const ws of state.members) ws.terminate();
          state.senders.closeAll();
        }
        process.exit(0);
    }
  };
  run().catch((error: unknown) =>
    emit({ evt: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
