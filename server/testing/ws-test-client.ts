import WebSocket from 'ws';
import type { ClientCommand, ServerFrame } from '../../shared/realtime/protocol';
import { serverFrame } from '../../shared/realtime/protocol.schemas';

export interface TestSocket {
  ws: WebSocket;
  frames: ServerFrame[];
  send(command: ClientCommand | Record<string, unknown>): void;
  /** Resolves with the first frame (already received or future) that matches. */
  waitFor<T extends ServerFrame['type']>(
    type: T,
    match?: (frame: Extract<ServerFrame, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<ServerFrame, { type: T }>>;
  /** Room events of a room received so far, in arrival order. */
  events(roomId: string): Array<Extract<ServerFrame, { type: 'room.event' }>>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  /** Resolves with the close code and the reason the server gave. */
  closedWith: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** Opens a socket like a browser on the site would: session cookie and same-origin Origin. */
export function openTestSocket(url: string, headers: { cookie?: string; origin?: string }): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { ...headers } });
    const frames: ServerFrame[] = [];
    const listeners = new Set<() => void>();
    ws.on('message', (data) => {
      frames.push(checkedFrame(data.toString()));
      for (const listener of [...listeners]) listener();
    });
    const closedWith = new Promise<{ code: number; reason: string }>((resolveClose) =>
      ws.on('close', (code, reason) => resolveClose({ code, reason: reason.toString() })),
    );
    const closed = closedWith.then(({ code }) => code);
    ws.on('unexpected-response', (_req, res) => reject(new HandshakeRefused(res.statusCode ?? 0)));
    ws.on('error', (error) => reject(error));
    ws.on('open', () =>
      resolve({
        ws,
        frames,
        closed,
        closedWith,
        send: (command) => ws.send(JSON.stringify(command)),
        close: () => ws.close(),
        events: (roomId) =>
          frames.filter(
            (f): f is Extract<ServerFrame, { type: 'room.event' }> => f.type === 'room.event' && f.room_id === roomId,
          ),
        waitFor(type, match, timeoutMs = 5000) {
          type Frame = Extract<ServerFrame, { type: typeof type }>;
          const find = () => frames.find((f): f is Frame => f.type === type && (!match || match(f as Frame)));
          const found = find();
          if (found) return Promise.resolve(found);
          return new Promise<Frame>((resolveFrame, rejectFrame) => {
            const timer = setTimeout(() => {
              listeners.delete(check);
              rejectFrame(
                new Error(`no ${type} frame within ${timeoutMs} ms; got ${JSON.stringify(frames.slice(-5))}`),
              );
            }, timeoutMs);
            const check = () => {
              const frame = find();
              if (!frame) return;
              clearTimeout(timer);
              listeners.delete(check);
              resolveFrame(frame);
            };
            listeners.add(check);
          });
        },
      }),
    );
  });
}

/**
 * A received frame, checked against the protocol's schema: a frame that breaks it throws, which
 * fails the test that received it.
 */
export function checkedFrame(text: string): ServerFrame {
  const parsed = serverFrame.safeParse(JSON.parse(text));
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(frame)'}: ${issue.message}`);
  throw new Error(`A server frame breaks the protocol (${problems.join('; ')}): ${text.slice(0, 500)}`);
}

export class HandshakeRefused extends Error {
  constructor(readonly status: number) {
    super(`handshake refused with ${status}`);
  }
}

/** Waits until `count` events of the room have arrived. */
export async function waitForEvents(socket: TestSocket, roomId: string, count: number, timeoutMs = 10_000) {
  await socket.waitFor('room.event', () => socket.events(roomId).length >= count, timeoutMs);
  return socket.events(roomId);
}
