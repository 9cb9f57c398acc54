import { spawnManaged, type ManagedChild } from './child-process';
import { freePort, waitForPort } from './free-port';

export interface ThrowAwayRedis {
  readonly url: string;
  readonly port: number;
  pid(): number | undefined;
  /** Starts Redis again on the same port (empty: nothing is persisted). */
  start(): Promise<void>;
  /** Kills Redis (SIGKILL: an outage, not a shutdown). */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

/** A private, non-persistent redis-server on a free loopback port, owned by this process. */
export async function startThrowAwayRedis(): Promise<ThrowAwayRedis> {
  const port = await freePort();
  let server: ManagedChild | undefined;

  async function start(): Promise<void> {
    if (server) return;
    const started = spawnManaged(process.env.REDIS_SERVER_BIN ?? 'redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
      '--maxclients',
      '1000',
    ]);
    server = started;
    void started.exited().then(() => {
      if (server === started) server = undefined;
    });
    try {
      await waitForPort(port, 10_000);
    } catch (error) {
      throw new Error(`redis-server did not start: ${String(error)}\n${started.output()}`);
    }
  }

  async function stop(): Promise<void> {
    const running = server;
    if (!running) return;
    server = undefined;
    await running.stop('SIGKILL');
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, port, pid: () => server?.pid, start, stop, destroy: stop };
}
