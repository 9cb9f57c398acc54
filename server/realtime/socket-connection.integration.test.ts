import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { SocketConnection } from './socket-connection';

interface Pair {
  client: SocketConnection;
  peer: WebSocket;
  received: string[];
  /** Calls that handed data to the operating system since the handshake. */
  writes(): number;
}

describe('SocketConnection writes', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function connect(): Promise<Pair> {
    const server = http.createServer();
    const wss = new WebSocketServer({ noServer: true });
    const accepted = new Promise<{ ws: WebSocket; socket: Duplex }>((resolve) => {
      server.on('upgrade', (req, socket, head) => {
        wss.handleUpgrade(req, socket, head, (ws) => resolve({ ws, socket }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const peer = new WebSocket(`ws://127.0.0.1:${port}/`);
    cleanups.push(() => peer.terminate());
    const received: string[] = [];
    peer.on('message', (data: WebSocket.RawData) => received.push(data.toString()));
    const { ws, socket } = await accepted;
    cleanups.push(() => ws.terminate());
    await new Promise((resolve) => peer.once('open', resolve));

    // Counted where the socket hands its data down: one call per system write.
    let writes = 0;
    const inner = socket as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
    for (const method of ['_write', '_writev'] as const) {
      const original = inner[method].bind(socket);
      inner[method] = (...args: unknown[]) => {
        writes += 1;
        return original(...args);
      };
    }
    const client = new SocketConnection(ws, socket, 'user-1', 'session-1', () => undefined);
    return { client, peer, received, writes: () => writes };
  }

  async function until(check: () => boolean): Promise<void> {
    for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(check()).toBe(true);
  }

  it('frames written in the same turn leave together, in order', async () => {
    const { client, received, writes } = await connect();
    for (let ref = 1; ref <= 3; ref += 1) client.send({ type: 'pong', ref: String(ref), server_time: ref });

    await until(() => received.length === 3);
    expect(received.map((text) => (JSON.parse(text) as { ref: string }).ref)).toEqual(['1', '2', '3']);
    expect(writes()).toBe(1);
  });

  it('a frame written in a later turn is not held back', async () => {
    const { client, received, writes } = await connect();
    client.send({ type: 'pong', ref: 'first', server_time: 1 });
    await until(() => received.length === 1);
    await nextTurn();
    client.send({ type: 'pong', ref: 'second', server_time: 2 });

    await until(() => received.length === 2);
    expect(writes()).toBe(2);
  });
});
