/**
 * Loaded into a measured server process (`node --import tsx --import ./bench/lib/event-loop-probe.ts …`)
 * when BENCH_PROBE_PORT is set: samples the process's event-loop delay and answers on
 * 127.0.0.1:BENCH_PROBE_PORT, `POST /reset` (start a window) and `GET /read` (the window so far).
 * The server under test is not changed; the probe's two requests per window cost nothing measurable.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { EventLoopDelay } from './event-loop-delay';

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
  const server = http.createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/reset') histogram.reset();
    else if (!(request.method === 'GET' && request.url === '/read')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(read()));
  });
  server.listen(port, '127.0.0.1');
  // Never the reason the process stays alive.
  server.unref();
}
