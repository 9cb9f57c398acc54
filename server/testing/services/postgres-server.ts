import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { spawnManaged, type ManagedChild } from './child-process';
import { freePort, sleep } from './free-port';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface ThrowAwayPostgres {
  readonly url: string;
  readonly port: number;
  /** PID of the running postmaster (undefined while stopped). */
  pid(): number | undefined;
  /** Starts the server again on the same port and data directory. */
  start(): Promise<void>;
  /**
   * Stops the server. 'immediate' behaves like a crash (no checkpoint, recovery at the next start);
   * 'fast' rolls back open transactions and shuts down cleanly.
   */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops the server and deletes its data directory. */
  destroy(): Promise<void>;
}

/**
 * A private PostgreSQL 15 cluster in a temp directory on a free loopback port, trust auth,
 * owned by this process, so tests may stop and restart it at will. As root it runs as the
 * `postgres` OS user (initdb refuses root).
 */
export async function startThrowAwayPostgres(): Promise<ThrowAwayPostgres> {
  const owner = process.getuid?.() === 0 ? lookupUser('postgres') : undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-pg-'));
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  const dataDir = path.join(dir, 'data');
  const init = spawnSync(
    path.join(PG_BIN, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'],
    { encoding: 'utf8', ...(owner ? { uid: owner.uid, gid: owner.gid } : {}), env: { ...process.env, LC_ALL: 'C' } },
  );
  if (init.status !== 0) throw new Error(`initdb failed (${init.status}): ${init.stderr || init.stdout}`);

  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let server: ManagedChild | undefined;

  async function start(): Promise<void> {
    if (server) return;
    server = spawnManaged(
      path.join(PG_BIN, 'postgres'),
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        // Only the OS page cache must survive (we crash the server, never the machine): skip fsync.
        '-c',
        'fsync=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'shared_buffers=64MB',
        '-c',
        'max_connections=200',
      ],
      { ...(owner ? { uid: owner.uid, gid: owner.gid } : {}), env: { ...process.env, LC_ALL: 'C' } },
    );
    const started = server;
    void started.exited().then(() => {
      if (server === started) server = undefined;
    });
    await waitUntilAccepting(url, started);
  }

  async function stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    const running = server;
    if (!running) return;
    server = undefined;
    await running.stop(mode === 'fast' ? 'SIGINT' : 'SIGQUIT', 15_000);
  }

  await start();
  return {
    url,
    port,
    pid: () => server?.pid,
    start,
    stop,
    async destroy() {
      await stop('immediate');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitUntilAccepting(url: string, server: ManagedChild): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`postgres exited early:\n${server.output()}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`postgres did not accept connections:\n${server.output()}`);
      await sleep(100);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

function lookupUser(name: string): { uid: number; gid: number } {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) throw new Error(`running as root needs the OS user "${name}" to run initdb`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
