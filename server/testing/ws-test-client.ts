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
  /**
   * Resolves with the room's online list (sorted) at the first moment, past or future, the
   * presence frames received (`room.subscribed`, `presence`, `presence.changed`) made it match;
   * `afterLists` skips the first lists (those already seen: see `onlineLists`).
   */
  waitForOnline(
    roomId: string,
    match: (online: string[]) => boolean,
    options?: { timeoutMs?: number; afterLists?: number },
  ): Promise<string[]>;
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
    const waitUntil = <T>(find: () => T | undefined, what: string, timeoutMs: number): Promise<T> => {
      const found = find();
      if (found !== undefined) return Promise.resolve(found);
      return new Promise<T>((resolveFound, rejectFound) => {
        const timer = setTimeout(() => {
          listeners.delete(check);
          rejectFound(new Error(`no ${what} within ${timeoutMs} ms; got ${JSON.stringify(frames.slice(-5))}`));
        }, timeoutMs);
        const check = () => {
          const result = find();
          if (result === undefined) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolveFound(result);
        };
        listeners.add(check);
      });
    };
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
          return waitUntil(find, `${type} frame`, timeoutMs);
        },
        waitForOnline(roomId, match, { timeoutMs = 5000, afterLists = 0 } = {}) {
          const find = () => onlineLists(frames, roomId).slice(afterLists).find(match);
          return waitUntil(find, `online list of ${roomId}`, timeoutMs);
        },
      }),
    );
  });
}

/** The room's online list after each presence frame received, in order, as a client keeps it. */
export function onlineLists(frames: readonly ServerFrame[], roomId: string): string[][] {
  const lists: string[][] = [];
  let online = new Set<string>();
  for (const frame of frames) {
    if (!('room_id' in frame) || frame.room_id !== roomId) continue;
    if (frame.type === 'room.subscribed' || frame.type === 'presence') online = new Set(frame.online_user_ids);
    else if (frame.type === 'presence.changed') {
      for (const id of frame.went_offline) online.delete(id);
      for (const id of frame.came_online) online.add(id);
    } else continue;
    lists.push([...online].sort());
  }
  return lists;
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
