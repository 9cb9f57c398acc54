import autocannon, { type Options as AutocannonOptions, type Request as AutocannonRequest } from 'autocannon';
import { round } from '../lib/percentiles';
import type { HttpFigure } from './http-bench';

/** One HTTP path under load: what it is called in the results and how each request is made. */
export interface HttpTarget {
  name: string;
  path: string;
  auth: boolean;
  /** Another user's session than the default one. */
  cookie?: string | undefined;
  /** One session per connection in turn (several readers at once). */
  cookies?: string[] | undefined;
  /** A different path for every request. */
  pathFor?: (() => string) | undefined;
  /**
   * Requests per second over all connections, for a path each user may request only so often
   * (search: 20 a minute), measured at that pace with `cookies` in turn instead of without pause.
   */
  ratePerSecond?: number | undefined;
}

const WARM_UP_SECONDS = 2;

/**
 * Measures one target with autocannon after a warm-up (the route's code optimised by V8 and the
 * database's pages in its cache, as in a server that has been running). Answers null, and says
 * so, when the path does not answer 2xx.
 */
export async function measureTarget(
  origin: string,
  target: HttpTarget,
  options: {
    engine: HttpFigure['engine'];
    connections: number;
    seconds: number;
    defaultCookie: string;
    /** The path as the results show it (ids replaced by names). */
    shownPath: string;
    log: (line: string) => void;
  },
): Promise<HttpFigure | null> {
  const { engine, log } = options;
  const { pathFor, cookies, ratePerSecond } = target;
  const cookie = target.cookie ?? cookies?.[0] ?? options.defaultCookie;
  // Warm-up: fills the GitHub response cache and the database caches.
  const warm = await fetch(`${origin}${target.path}`, { headers: { cookie } });
  await warm.arrayBuffer();
  if (warm.status >= 400) {
    log(`${engine}: skipping ${target.path} (answers ${warm.status})`);
    return null;
  }
  let turn = 1;
  const setupRequest = pathFor
    ? (request: AutocannonRequest) => ({ ...request, path: pathFor() })
    : cookies
      ? (request: AutocannonRequest) => ({
          ...request,
          headers: { ...request.headers, cookie: cookies[turn++ % cookies.length] ?? cookie },
        })
      : undefined;
  const load: AutocannonOptions = {
    url: `${origin}${target.path}`,
    connections: options.connections,
    headers: target.auth ? { cookie } : {},
    ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
    ...(ratePerSecond ? { overallRate: ratePerSecond } : {}),
  };
  await autocannon({ ...load, duration: WARM_UP_SECONDS });
  const result = await autocannon({ ...load, duration: options.seconds });
  const figure: HttpFigure = {
    engine,
    name: target.name,
    path: options.shownPath,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: round(result.latency.p50),
    p99Ms: round(result.latency.p99),
    non2xx: result.non2xx,
    errors: result.errors,
  };
  log(`${engine}: ${figure.name}: ${figure.requestsPerSecond} req/s, p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms`);
  return figure;
}
