/**
 * Loaded into a measured server process (`node --import tsx --import ./bench/lib/event-loop-probe.ts …`)
 * when BENCH_PROBE_PORT is set: samples the process's event-loop delay and answers on
 * 127.0.0.1:BENCH_PROBE_PORT, `POST /reset` (start a window), `GET /read` (the window so far) and
 * `POST /gc` (two full garbage collections, then the RSS and heap used; the process must run with
 * --expose-gc, else 501). The server under test is not changed; the probe's two requests per
 * window cost nothing measurable.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { CollectedMemory, EventLoopDelay } from './event-loop-delay';

const port = Number(process.env.BENCH_PROBE_PORT ?? 0);
if (port > 0) {
  // 5 ms resolution: the timer that samples the delay wakes 200 times a second.
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const ms = (nanoseconds: number) => Math.round((nanoseconds / 1e6) * 100) / 100;
  const read = (): EventLoopDelay => ({
    samples: histogram.count,
    p50: ms(histogram.percentile(50)),
    p90: ms(histogram.percentile(90)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
    mean: ms(histogram.mean),
    rssBytes: process.memoryUsage.rss(),
  });
  /**
   * Two full collections: the second also frees what became unreachable only once the first had
   * run (weak callbacks, finalizers), so the heap is down to what is reachable. `gc()` without an
   * argument is the full, synchronous mark-compact; on Node 20 any options object (even
   * `{ type: 'major' }`) gets a far smaller collection that leaves most garbage in place.
   */
  const collect = (): CollectedMemory | undefined => {
    const gc = globalThis.gc;
    if (!gc) return undefined;
    gc();
    gc();
    const usage = process.memoryUsage();
    return { rssBytes: usage.rss, heapUsedBytes: usage.heapUsed };
  };
  const json = (response: http.ServerResponse, body: unknown) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = http.createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/gc') {
      const memory = collect();
      if (memory) json(response, memory);
      else response.writeHead(501).end('global.gc is not exposed: start the process with --expose-gc');
      return;
    }
    if (request.method === 'POST' && request.url === '/reset') histogram.reset();
    else if (!(request.method === 'GET' && request.url === '/read')) {
      response.writeHead(404).end();
      return;
    }
    json(response, read());
  });
  server.listen(port, '127.0.0.1');
  // Never the reason the process stays alive.
  server.unref();
}
