/**
 * A load-generator process of the capacity benchmark (driven over IPC; several run side by side,
 * each holding a share of the users). Each user behaves as a signed-in browser tab: one socket
 * that pings every 25 s and is subscribed to the open room, and once a cycle (a minute) opens
 * another of their rooms (its snapshot, the subscription, the read position, the unread counts);
 * a tenth of them then compose (typing signals at the browser's throttle) and send. Every
 * delivery of a message (its room event to subscribed sockets, its activity to the others) is
 * timed from the send time written in its text.
 */
import http from 'node:http';
import WebSocket from 'ws';
import type { CapacityCommand, CapacityEvent, GeneratorStats, GeneratorUser, HttpKind } from './capacity-protocol';
import { HTTP_KINDS } from './capacity-protocol';
import { newHistogram, record, toSparse, type Histogram } from './histogram';
import { epochNow, request, sendMessage, settleAck, taggedContent, type PendingAcks } from './user-requests';

type Init = Extract<CapacityCommand, { cmd: 'init' }>;

const PING_MS = 25_000;
const TYPING_THROTTLE_MS = 1_800;
const COMPOSE_START_MS = 1_000;
const TYPING_SIGNALS = 3;
const READ_DEBOUNCE_MS = 800;
const GOLDEN = 0.618_033_988_75;
/** The browser's sidebar coalesces the frames that move unread counts into one refetch per 300 ms. */
const UNREAD_REFRESH_MS = 300;

interface UserState {
  user: GeneratorUser;
  baseUrl: string;
  ws: WebSocket | null;
  acks: PendingAcks;
  openRoom: number;
  stopped: boolean;
  unreadTimer: ReturnType<typeof setTimeout> | null;
}

let config: Init | undefined;
let epoch = 0;
let roomSizes: number[] = [];
const users: UserState[] = [];
const agents = new Map<string, http.Agent>();

interface Window {
  delivery: Histogram;
  deliveredEvents: number;
  deliveredActivity: number;
  http: Record<HttpKind, Histogram>;
  httpFailures: Record<string, number>;
  roomOpens: number;
  sendsAccepted: number;
  expectedDeliveries: number;
  typingFrames: number;
  pings: number;
  closes: Record<string, number>;
}

function newWindow(): Window {
  return {
    delivery: newHistogram(),
    deliveredEvents: 0,
    deliveredActivity: 0,
    http: { state: newHistogram(), unread: newHistogram(), read: newHistogram(), send: newHistogram() },
    httpFailures: {},
    roomOpens: 0,
    sendsAccepted: 0,
    expectedDeliveries: 0,
    typingFrames: 0,
    pings: 0,
    closes: {},
  };
}
let window = newWindow();

function emit(event: CapacityEvent): void {
  process.send?.(event);
}

const TAG = Buffer.from('~c');
const EVENT_PREFIX = Buffer.from('{"type":"room.event"');
const ACTIVITY_PREFIX = Buffer.from('{"type":"room.activity"');

function onFrame(state: UserState, data: Buffer): void {
  const at = data.indexOf(TAG);
  if (at >= 0) {
    const isEvent = data.subarray(0, EVENT_PREFIX.length).equals(EVENT_PREFIX);
    const isActivity = !isEvent && data.subarray(0, ACTIVITY_PREFIX.length).equals(ACTIVITY_PREFIX);
    if (isEvent || isActivity) {
      const end = data.indexOf(0x7e, at + 2); // '~'
      const sentAt = Number(data.subarray(at + 2, end).toString('latin1'));
      if (Number.isFinite(sentAt)) {
        record(window.delivery, epochNow() - sentAt);
        if (isEvent) window.deliveredEvents += 1;
        else window.deliveredActivity += 1;
        if (config?.unreadOnDelivery) refreshUnread(state);
      }
      return;
    }
  }
  if (state.acks.size > 0) settleAck(data.toString('utf8'), state.acks);
}

function contextOf(state: UserState) {
  return {
    baseUrl: state.baseUrl,
    cookie: state.user.cookie,
    agent: agentFor(state.baseUrl),
    localAddress: config?.localAddress ?? '127.0.0.1',
  };
}

function refreshUnread(state: UserState): void {
  if (state.unreadTimer) return;
  state.unreadTimer = setTimeout(() => {
    state.unreadTimer = null;
    void request(contextOf(state), 'GET', '/api/me/unread').then((answer) => timed('unread', answer));
  }, UNREAD_REFRESH_MS);
}

function agentFor(baseUrl: string): http.Agent {
  let agent = agents.get(baseUrl);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
    agents.set(baseUrl, agent);
  }
  return agent;
}

function timed(kind: HttpKind, answer: { status: number; ms: number }): boolean {
  const ok = answer.status >= 200 && answer.status < 300;
  if (ok) record(window.http[kind], answer.ms);
  else window.httpFailures[`${kind} ${answer.status}`] = (window.httpFailures[`${kind} ${answer.status}`] ?? 0) + 1;
  return ok;
}

function send(state: UserState, frame: object): void {
  if (state.ws?.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(frame));
}

function roomId(index: number): string {
  return config?.roomIds[index] ?? '';
}

/** Opens the user's socket; resolves when it is open (or failed, with the reason). */
function connect(state: UserState): Promise<string | null> {
  const cfg = config;
  if (!cfg) return Promise.resolve('not initialised');
  return new Promise((resolve) => {
    const ws = new WebSocket(`${state.baseUrl.replace(/^http/, 'ws')}/ws`, {
      headers: { origin: state.baseUrl, cookie: state.user.cookie },
      localAddress: cfg.localAddress,
      handshakeTimeout: 30_000,
      perMessageDeflate: false,
    });
    let settled = false;
    let pinger: ReturnType<typeof setInterval> | undefined;
    const settle = (error: string | null) => {
      if (settled) return;
      settled = true;
      resolve(error);
    };
    ws.on('open', () => {
      state.ws = ws;
      // The browser's keep-alive pings at once, then every 25 s; the open room is subscribed.
      const ping = () => {
        send(state, { type: 'ping', ref: `p${Date.now()}` });
        window.pings += 1;
      };
      ping();
      pinger = setInterval(ping, PING_MS);
      send(state, { type: 'room.subscribe', room_id: roomId(state.openRoom) });
      settle(null);
    });
    ws.on('message', (data: Buffer) => onFrame(state, data));
    ws.on('error', (error) => settle(error.message.slice(0, 60)));
    ws.on('unexpected-response', (_req, res) => {
      settle(`HTTP ${res.statusCode ?? 0}`);
      ws.terminate();
    });
    ws.on('close', (code) => {
      if (pinger) clearInterval(pinger);
      const wasOpen = state.ws === ws;
      if (wasOpen) state.ws = null;
      settle(`closed ${code}`);
      if (!wasOpen || state.stopped) return;
      window.closes[String(code)] = (window.closes[String(code)] ?? 0) + 1;
      // The browser reconnects after a pause, unless the session ended.
      if (code !== 4001) setTimeout(() => void connect(state), 1_000 + Math.random() * 2_000);
    });
  });
}

/** Opens the next of the user's rooms as the browser does, then maybe composes and sends. */
async function cycle(state: UserState, minute: number): Promise<void> {
  const cfg = config;
  if (!cfg || state.stopped) return;
  const rooms = state.user.rooms;
  const next = rooms[(minute + state.user.index) % rooms.length] ?? state.openRoom;
  const ctx = contextOf(state);
  if (next !== state.openRoom) send(state, { type: 'room.unsubscribe', room_id: roomId(state.openRoom) });
  state.openRoom = next;
  const room = roomId(next);
  window.roomOpens += 1;
  const snapshot = await request(ctx, 'GET', `/api/rooms/${room}/state`, undefined, true);
  let newest: string | undefined;
  if (timed('state', snapshot)) {
    const body = JSON.parse(snapshot.body) as { last_seq: number; messages: { messages: Array<{ id: string }> } };
    send(state, { type: 'room.subscribe', room_id: room, after_seq: body.last_seq });
    newest = body.messages.messages.at(-1)?.id;
  }
  // Exactly one user in 1/senderShare sends each cycle, a different one every cycle.
  if ((state.user.index + minute) % Math.round(1 / cfg.senderShare) === 0) void compose(state, ctx, room);
  // The list reports the newest message on screen; the read position follows, then the counts.
  await new Promise((r) => setTimeout(r, READ_DEBOUNCE_MS));
  if (newest) timed('read', await request(ctx, 'PUT', `/api/rooms/${room}/read`, { message_id: newest }));
  timed('unread', await request(ctx, 'GET', '/api/me/unread'));
}

async function compose(state: UserState, ctx: Parameters<typeof sendMessage>[1], room: string): Promise<void> {
  const cfg = config;
  if (!cfg) return;
  await new Promise((r) => setTimeout(r, COMPOSE_START_MS));
  for (let i = 0; i < TYPING_SIGNALS; i += 1) {
    send(state, { type: 'typing', room_id: room });
    window.typingFrames += 1;
    await new Promise((r) => setTimeout(r, TYPING_THROTTLE_MS));
  }
  const roomIndex = state.openRoom;
  const result = await sendMessage(cfg.sendMode, ctx, room, taggedContent(), { ws: state.ws, acks: state.acks });
  if (timed('send', result)) {
    window.sendsAccepted += 1;
    window.expectedDeliveries += roomSizes[roomIndex] ?? 0;
  }
}

/** Runs the user's cycles from their place in the minute, forever. */
function schedule(state: UserState): void {
  const cfg = config;
  if (!cfg) return;
  const offset = ((state.user.index * GOLDEN) % 1) * cfg.cycleMs;
  const now = epochNow() - epoch;
  let minute = Math.max(0, Math.ceil((now - offset) / cfg.cycleMs));
  const run = () => {
    const due = epoch + offset + minute * cfg.cycleMs;
    setTimeout(
      () => {
        void cycle(state, minute).catch((error: unknown) => {
          window.httpFailures[`cycle ${String(error).slice(0, 40)}`] = 1;
        });
        minute += 1;
        run();
      },
      Math.max(0, due - epochNow()),
    );
  };
  run();
}

async function grow(command: Extract<CapacityCommand, { cmd: 'grow' }>): Promise<void> {
  const cfg = config;
  if (!cfg) throw new Error('grow before init');
  roomSizes = command.roomSizes;
  const fresh = command.users.map((user, i) => {
    const state: UserState = {
      user,
      // Users who send in the same minute ((index + minute) % period === 0) alternate between the
      // processes, so every process carries its share of each minute's sends.
      baseUrl: cfg.baseUrls[Math.floor(user.index / Math.round(1 / cfg.senderShare)) % cfg.baseUrls.length] ?? '',
      ws: null,
      acks: new Map(),
      openRoom: user.rooms[0] ?? 0,
      stopped: false,
      unreadTimer: null,
    };
    users.push(state);
    return { state, at: (i * 1000) / command.connectsPerSecond };
  });
  const started = Date.now();
  const errors: Record<string, number> = {};
  let open = 0;
  await Promise.all(
    fresh.map(async ({ state, at }) => {
      await new Promise((r) => setTimeout(r, Math.max(0, started + at - Date.now())));
      const error = await connect(state);
      if (error) errors[error] = (errors[error] ?? 0) + 1;
      else open += 1;
      schedule(state);
    }),
  );
  emit({ evt: 'grown', open, failed: fresh.length - open, errors });
}

function stats(): GeneratorStats {
  const http = {} as GeneratorStats['http'];
  for (const kind of HTTP_KINDS) http[kind] = toSparse(window.http[kind]);
  return {
    delivery: toSparse(window.delivery),
    deliveredEvents: window.deliveredEvents,
    deliveredActivity: window.deliveredActivity,
    http,
    httpFailures: window.httpFailures,
    roomOpens: window.roomOpens,
    sendsAccepted: window.sendsAccepted,
    expectedDeliveries: window.expectedDeliveries,
    typingFrames: window.typingFrames,
    pings: window.pings,
    closes: window.closes,
    openSockets: users.filter((u) => u.ws?.readyState === WebSocket.OPEN).length,
  };
}

process.on('message', (message: CapacityCommand) => {
  const run = async () => {
    switch (message.cmd) {
      case 'init':
        config = message;
        epoch = epochNow();
        return emit({ evt: 'ready' });
      case 'grow':
        return grow(message);
      case 'reset':
        window = newWindow();
        return emit({ evt: 'reset-done' });
      case 'read':
        return emit({ evt: 'stats', stats: stats() });
      case 'exit':
        for (const state of users) {
          state.stopped = true;
          state.ws?.terminate();
        }
        process.exit(0);
    }
  };
  run().catch((error: unknown) =>
    emit({ evt: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
