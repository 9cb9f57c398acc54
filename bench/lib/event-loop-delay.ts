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

/** A measured process's memory right after two full, synchronous garbage collections. */
export interface CollectedMemory {
  rssBytes: number;
  heapUsedBytes: number;
}

/** The Node flags and environment that load event-loop-probe.ts into a process, and its reader. */
export interface EventLoopProbe {
  nodeArgs: string[];
  env: Record<string, string>;
  /** Starts a new window. */
  reset(): Promise<void>;
  /** The window since the last reset. */
  read(): Promise<EventLoopDelay>;
  /**
   * Runs two full garbage collections in the process and answers its RSS and heap used after
   * them. Only for a probe created with `exposeGc` (the process then runs with --expose-gc).
   */
  collect(): Promise<CollectedMemory>;
}

export async function createEventLoopProbe(options: { exposeGc?: boolean } = {}): Promise<EventLoopProbe> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return {
    nodeArgs: [
      // Only exposes global.gc(): the collector itself runs as without the flag.
      ...(options.exposeGc ? ['--expose-gc'] : []),
      '--import',
      'tsx',
      '--import',
      './bench/lib/event-loop-probe.ts',
    ],
    env: { BENCH_PROBE_PORT: String(port) },
    async reset() {
      const response = await fetch(`${url}/reset`, { method: 'POST', signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
    },
    async read() {
      const response = await fetch(`${url}/read`, { signal: AbortSignal.timeout(10_000) });
      return (await response.json()) as EventLoopDelay;
    },
    async collect() {
      const response = await fetch(`${url}/gc`, { method: 'POST', signal: AbortSignal.timeout(30_000) });
      if (!response.ok) throw new Error(`probe /gc answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as CollectedMemory;
    },
  };
}
