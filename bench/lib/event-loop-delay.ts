import { freePort } from '../../server/testing/services/free-port';

/** A measured process's event-loop delay over one window (ms), and its RSS at the window's end. */
export interface EventLoopDelay {
  samples: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  rssBytes: number;
}

/** The Node flags and environment that load event-loop-probe.ts into a process, and its reader. */
export interface EventLoopProbe {
  nodeArgs: string[];
  env: Record<string, string>;
  /** Starts a new window. */
  reset(): Promise<void>;
  /** The window since the last reset. */
  read(): Promise<EventLoopDelay>;
}

export async function createEventLoopProbe(): Promise<EventLoopProbe> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return {
    nodeArgs: ['--import', 'tsx', '--import', './bench/lib/event-loop-probe.ts'],
    env: { BENCH_PROBE_PORT: String(port) },
    async reset() {
      const response = await fetch(`${url}/reset`, { method: 'POST', signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
    },
    async read() {
      const response = await fetch(`${url}/read`, { signal: AbortSignal.timeout(10_000) });
      return (await response.json()) as EventLoopDelay;
    },
  };
}
