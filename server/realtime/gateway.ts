import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { CLOSE_CODES, MAX_FRAME_BYTES, PROTOCOL_VERSION, REALTIME_PATH } from '../../shared/realtime/protocol';
import type { CommandDeps, RealtimeDeps } from './realtime-deps';
import { ReplayPacer } from './replay-pacer';
import { ActivityWatchers } from './activity-watchers';
import { busChannels, subscribeTo } from '../bus/channels';
import { allowedOrigins, sessionCookieName } from '../config/site-origin';
import { parseCommand } from './command-schema';
import { SocketConnection, type BufferLimits } from './socket-connection';
import { handleCommand, unsubscribe } from './room-commands';
import { RoomHub } from './room-hub';
import { SpreadRounds } from './spread-rounds';
import {
  FrameBudget,
  MAX_SOCKETS_PER_SESSION,
  MAX_SOCKETS_PER_USER,
  SOCKET_FRAME_BUDGET,
  USER_CONNECT_BUDGET,
  USER_FRAME_BUDGET,
} from './socket-limits';

export const WS_PATH = REALTIME_PATH;
/** Close code sent to every socket at shutdown (RFC 6455 "going away"). */
export const CLOSE_GOING_AWAY = CLOSE_CODES.goingAway;

export interface GatewayOptions {
  /** Ping period; a socket that missed the previous pong is dropped. */
  heartbeatMs?: number;
  /** How often open sockets re-check that their session still exists (expiry, sign-out elsewhere). */
  sessionCheckMs?: number;
  /** How often presence claims are refreshed and re-read, and watched rooms compared with their log. */
  housekeepingMs?: number;
  /** Unsent bytes per socket beyond which typing and presence are dropped, and then the socket closed. */
  bufferLimits?: BufferLimits;
}

/** Commands waiting per socket before further ones are refused. */
const MAX_PENDING_COMMANDS = 32;

/**
 * The WebSocket endpoint. The handshake is authenticated by the session cookie and refused for
 * foreign or missing origins before any upgrade. Sockets subscribe to rooms and receive their
 * committed events in sequence order, presence and typing.
 */
export function attachRealtimeGateway(
  app: FastifyInstance,
  deps: RealtimeDeps,
  options: GatewayOptions = {},
): { close(): Promise<void>; onlineRoomIds(): string[] } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const { config, bus, logger, metrics, services } = deps;
  const isAllowed = allowedOrigins(config);
  const rooms = services.roomEventLog;
  const hub = new RoomHub(
    bus,
    services.presence,
    logger,
    (roomId) => rooms.lastSeq(roomId),
    (roomId) => rooms.forgetPresented(roomId),
  );
  const commandDeps: CommandDeps = { logger, services, replayPacer: new ReplayPacer() };
  const clients = new Set<SocketConnection>();
  /** Open sockets on this process per session and per user (see socket-limits.ts). */
  const socketsPerSession = new Map<string, number>();
  const socketsPerUser = new Map<string, number>();
  let closed = false;
  metrics?.trackOpenSockets(() => clients.size);

  const sessionsSubscription = subscribeTo(bus, busChannels.sessions, ({ session_id: sessionId }) => {
    for (const client of clients)
      if (client.sessionId === sessionId) client.close(CLOSE_CODES.sessionEnded, 'signed out');
  }).catch((error: unknown) => {
    logger.warn({ err: error }, 'sessions channel subscription failed');
    return undefined;
  });

  const watchers = new ActivityWatchers((userId) => rooms.activeRoomIds(userId), logger);
  const usersSubscription = subscribeTo(bus, busChannels.users, (message) => watchers.handle(message)).catch(
    (error: unknown) => {
      logger.warn({ err: error }, 'users channel subscription failed');
      return undefined;
    },
  );

  // Every socket is pinged once per period and its session re-checked once per period, a slice
  // of the sockets each second rather than all of them in one turn (see spread-rounds.ts).
  const heartbeat = new SpreadRounds<SocketConnection>(options.heartbeatMs ?? 30_000, (slice) => {
    for (const client of slice) {
      if (!client.alive) {
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      client.ws.ping();
    }
  });
  const sessionChecks = new SpreadRounds<SocketConnection>(options.sessionCheckMs ?? 60_000, (slice) => {
    void checkSessions(slice).catch((error: unknown) => logger.warn({ err: error }, 'session check failed'));
  });
  const housekeepingTimer = setInterval(() => {
    void hub.housekeeping().catch((error: unknown) => logger.warn({ err: error }, 'room upkeep failed'));
    void services.presence
      .refreshUsers([...socketsPerUser.keys()])
      .catch((error: unknown) => logger.warn({ err: error }, 'connected users refresh failed'));
  }, options.housekeepingMs ?? 10_000);
  housekeepingTimer.unref();
  const timers = [heartbeat.start(), sessionChecks.start(), housekeepingTimer];

  /** Closes the sockets whose session ended (signed out elsewhere, or expired): one read per slice. */
  async function checkSessions(sockets: readonly SocketConnection[]): Promise<void> {
    const active = await services.sessions.activeAmong([...new Set(sockets.map((client) => client.sessionId))]);
    for (const client of sockets) {
      if (!active.has(client.sessionId)) client.close(CLOSE_CODES.sessionEnded, 'session ended');
    }
  }

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    void handleUpgrade(req, socket, head).catch((error: unknown) => {
      logger.warn({ err: error }, 'websocket upgrade failed');
      reject(socket, 500, 'Internal Server Error');
    });
  });

  async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== WS_PATH) return reject(socket, 404, 'Not Found');
    if (closed) return reject(socket, 503, 'Service Unavailable');
    const origin = req.headers.origin;
    if (!origin || !isAllowed(origin)) return reject(socket, 403, 'Forbidden');
    const token = readCookie(req.headers.cookie, sessionCookieName(config));
    const session = token ? await services.sessions.resolve(token).catch(() => null) : null;
    if (!session) return reject(socket, 401, 'Unauthorized');
    const connects = await services.rateLimiter.hit(
      `ws-connect:${session.userId}`,
      USER_CONNECT_BUDGET.limit,
      USER_CONNECT_BUDGET.windowMs,
    );
    if (closed) return reject(socket, 503, 'Service Unavailable');
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      // Checked and counted in the same turn as the connection opens, so concurrent handshakes
      // cannot overshoot the caps. Over a cap the socket is closed with a policy code and its
      // reason: a browser cannot read the status of a refused upgrade, but it reads a close frame.
      const refusal = !connects.allowed
        ? 'too many new connections, retry later'
        : (socketsPerSession.get(session.id) ?? 0) >= MAX_SOCKETS_PER_SESSION
          ? `at most ${MAX_SOCKETS_PER_SESSION} connections per session`
          : (socketsPerUser.get(session.userId) ?? 0) >= MAX_SOCKETS_PER_USER
            ? `at most ${MAX_SOCKETS_PER_USER} connections per user`
            : undefined;
      if (refusal) {
        ws.close(CLOSE_CODES.policyViolation, refusal);
        ws.pause();
        setTimeout(() => ws.terminate(), 1000).unref();
        return;
      }
      count(socketsPerSession, session.id, 1);
      if (count(socketsPerUser, session.userId, 1) === 1) markConnected(session.userId, true);
      onConnection(ws, socket, session.userId, session.id);
    });
  }

  /** The user's first socket on this process opened, or their last one closed (e-mail asks, see missed-mail.ts). */
  function markConnected(userId: string, connected: boolean): void {
    const presence = services.presence;
    void (connected ? presence.connect(userId) : presence.disconnect(userId)).catch((error: unknown) =>
      // A claim that could not be removed expires by itself once it is no longer refreshed.
      logger.warn({ err: error }, 'connected users update failed'),
    );
  }

  function onConnection(ws: WebSocket, socket: Duplex, userId: string, sessionId: string): void {
    const client = new SocketConnection(
      ws,
      socket,
      userId,
      sessionId,
      (c, roomId) => {
        void unsubscribe(hub, c, roomId).catch((error: unknown) => logger.warn({ err: error }, 'unsubscribe failed'));
      },
      options.bufferLimits,
    );
    clients.add(client);
    heartbeat.add(client);
    sessionChecks.add(client);
    watchers.add(client);
    if (metrics) client.onEventWritten = metrics.eventDelivered;
    const budget = new FrameBudget(SOCKET_FRAME_BUDGET.limit, SOCKET_FRAME_BUDGET.windowMs);
    ws.on('pong', () => {
      client.alive = true;
    });
    ws.on('message', (data: RawData, isBinary: boolean) => {
      // Every frame counts, valid or not, before any work is done for it.
      if (!budget.take()) return client.closeForPolicy('too many frames from this connection');
      onFrame(client, data, isBinary);
    });
    ws.on('error', () => undefined);
    ws.on('close', () => {
      clients.delete(client);
      heartbeat.delete(client);
      sessionChecks.delete(client);
      watchers.remove(client);
      count(socketsPerSession, sessionId, -1);
      if (count(socketsPerUser, userId, -1) === 0) markConnected(userId, false);
      for (const roomId of [...client.rooms.keys()]) {
        void unsubscribe(hub, client, roomId).catch((error: unknown) => logger.warn({ err: error }, 'cleanup failed'));
      }
    });
    client.send({ type: 'hello', user_id: userId, protocol: PROTOCOL_VERSION });
  }

  function onFrame(client: SocketConnection, data: RawData, isBinary: boolean): void {
    client.alive = true;
    // The user's budget is shared by all their sockets on every process (Redis when configured).
    // Every frame is counted as it arrives, also one refused below; a command runs only once its
    // frame was found within budget.
    const verdict = services.rateLimiter
      .hit(`ws-frames:${client.userId}`, USER_FRAME_BUDGET.limit, USER_FRAME_BUDGET.windowMs)
      .then((result) => {
        if (!result.allowed) client.closeForPolicy('too many frames from this user');
        return result.allowed;
      })
      // A limiter that fails does not take the socket down (as for sends, see the Redis limiter).
      .catch(() => true);
    if (isBinary) return client.sendError('bad_frame', 'Frames must be JSON text');
    const parsed = parseCommand(data.toString());
    if (!parsed.ok) return client.sendError(parsed.code, parsed.message, parsed.refType, parsed.refusal);
    if (client.pendingCommands >= MAX_PENDING_COMMANDS) {
      const { command } = parsed;
      return client.sendError(
        'rate_limited',
        'Too many commands at once',
        command.type,
        command.type === 'message.send' ? { client_id: command.client_id, status: 429 } : undefined,
      );
    }
    client.pendingCommands += 1;
    client.commandQueue = client.commandQueue
      .then(async () => {
        if (!(await verdict) || client.isClosing) return;
        await handleCommand(commandDeps, hub, client, parsed.command);
      })
      .catch((error: unknown) => {
        logger.warn({ err: error, type: parsed.command.type }, 'realtime command failed');
        client.sendError('internal', 'Something went wrong', parsed.command.type);
      })
      .finally(() => {
        client.pendingCommands -= 1;
      });
  }

  return {
    /** Rooms with a member's socket on this process (the activity poller watches their repositories). */
    onlineRoomIds: () => hub.roomIds(),
    async close() {
      closed = true;
      for (const timer of timers) clearInterval(timer);
      for (const client of clients) client.close(CLOSE_GOING_AWAY, 'server shutting down');
      await Promise.all([...clients].map((client) => client.commandQueue));
      const unsubscribeSessions = await sessionsSubscription;
      await unsubscribeSessions?.().catch(() => undefined);
      const unsubscribeUsers = await usersSubscription;
      await unsubscribeUsers?.().catch(() => undefined);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      // Sockets that did not finish the close handshake are cut so the server can stop.
      for (const ws of wss.clients) ws.terminate();
    },
  };
}

/** Adds `delta` to the key's count; returns the new count. */
function count(counts: Map<string, number>, key: string, delta: number): number {
  const next = (counts.get(key) ?? 0) + delta;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
  return Math.max(next, 0);
}

function reject(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
