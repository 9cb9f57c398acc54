import net from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** Destroys every proxied connection and refuses new ones until restore(). */
  cut(): void;
  /** Stops forwarding bytes in both directions without closing anything (a stalled link). */
  stall(): void;
  /** Accepts and forwards again. */
  restore(): void;
  close(): Promise<void>;
}

/** A loopback TCP proxy in front of 127.0.0.1:targetPort that tests can cut, stall and restore. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let mode: 'open' | 'cut' | 'stalled' = 'open';

  const server = net.createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = net.connect({ host: '127.0.0.1', port: targetPort });
    const pair = { client, upstream };
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    if (mode === 'stalled') {
      client.pause();
      upstream.pause();
    }
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    cut() {
      mode = 'cut';
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    stall() {
      mode = 'stalled';
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    restore() {
      const wasStalled = mode === 'stalled';
      mode = 'open';
      if (!wasStalled) return;
      for (const { client, upstream } of pairs) {
        client.pipe(upstream);
        upstream.pipe(client);
      }
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
