/**
 * What a browser asks of the server, for the capacity load generator: the HTTP requests of
 * opening a room and of sending, timed, and the send path as a function of the send mode.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type WebSocket from 'ws';
import type { SendMode } from './capacity-protocol';

export interface HttpAnswer {
  status: number;
  ms: number;
  body: string;
}

export interface RequestContext {
  baseUrl: string;
  cookie: string;
  agent: http.Agent;
  localAddress: string;
}

/** One request as the browser's fetch sends it (same origin, session cookie, JSON). */
export function request(
  ctx: RequestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  keepBody = false,
): Promise<HttpAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      new URL(path, ctx.baseUrl),
      {
        method,
        agent: ctx.agent,
        localAddress: ctx.localAddress,
        headers: {
          accept: 'application/json',
          origin: ctx.baseUrl,
          cookie: ctx.cookie,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (keepBody) chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            body: keepBody ? Buffer.concat(chunks).toString('utf8') : '',
          }),
        );
        res.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }));
    req.end(payload);
  });
}

/** The wall clock with sub-millisecond resolution, comparable between the generator processes. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

const FILLER = 'about the release branch and the flaky test in the pull request';

/** Message text carrying its send time, read back where it arrives (`~c<time>~`). */
export function taggedContent(): string {
  return `~c${epochNow().toFixed(3)}~ ${FILLER}`;
}

/** Acks of `message.send` commands waiting on a socket, by client_id. */
export type PendingAcks = Map<string, (status: number) => void>;

const SOCKET_ACK_TIMEOUT_MS = 30_000;

/**
 * Sends one message: over HTTP (POST /api/rooms/:id/messages, as the browser does today) or as a
 * `message.send` command on the user's socket, answered by a frame carrying the client_id.
 * Resolves with the status (HTTP status, or 200/0 for the socket's ack/error) and the time taken.
 */
export async function sendMessage(
  mode: SendMode,
  ctx: RequestContext,
  roomId: string,
  content: string,
  socket: { ws: WebSocket | null; acks: PendingAcks },
): Promise<{ status: number; ms: number }> {
  const clientId = randomUUID();
  if (mode === 'http') {
    const answer = await request(ctx, 'POST', `/api/rooms/${roomId}/messages`, { client_id: clientId, content });
    return { status: answer.status, ms: answer.ms };
  }
  const ws = socket.ws;
  if (!ws || ws.readyState !== ws.OPEN) return { status: 0, ms: 0 };
  const started = performance.now();
  const status = await new Promise<number>((resolve) => {
    const timer = setTimeout(() => {
      socket.acks.delete(clientId);
      resolve(0);
    }, SOCKET_ACK_TIMEOUT_MS);
    socket.acks.set(clientId, (value) => {
      clearTimeout(timer);
      socket.acks.delete(clientId);
      resolve(value);
    });
    ws.send(JSON.stringify({ type: 'message.send', room_id: roomId, client_id: clientId, content }));
  });
  return { status, ms: performance.now() - started };
}

const CLIENT_ID_AT = '"client_id":"';

/**
 * The ack of a `message.send` in a frame that is not a room event (those carry the client_id
 * too, to every member): resolves the waiting send, 200 for an ack and 0 for an error frame.
 */
export function settleAck(text: string, acks: PendingAcks): void {
  if (acks.size === 0 || text.startsWith('{"type":"room.event"')) return;
  const at = text.indexOf(CLIENT_ID_AT);
  if (at < 0) {
    // An error naming no client_id (a server without the command): the oldest send waiting fails.
    if (text.startsWith('{"type":"error"')) acks.values().next().value?.(0);
    return;
  }
  const start = at + CLIENT_ID_AT.length;
  const clientId = text.slice(start, text.indexOf('"', start));
  acks.get(clientId)?.(text.startsWith('{"type":"error"') ? 0 : 200);
}
