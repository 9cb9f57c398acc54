import fs from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** One recorded exchange of @octokit/fixtures (real GitHub answers, normalised). */
export interface RecordedExchange {
  method: string;
  path: string;
  status: number;
  response: unknown;
  headers: Record<string, string | number>;
}

const SCENARIOS = path.resolve('node_modules/@octokit/fixtures/scenarios/api.github.com');

export function loadScenario(name: string): RecordedExchange[] {
  return JSON.parse(
    fs.readFileSync(path.join(SCENARIOS, name, 'normalized-fixture.json'), 'utf8'),
  ) as RecordedExchange[];
}

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string | number>;
}

export interface SeenRequest {
  method: string;
  path: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type Handler = (request: SeenRequest, origin: string) => Answer;

/** Headers of the recording that describe the transport, not the answer. */
const HOP_HEADERS = new Set(['content-length', 'connection', 'transfer-encoding', 'content-encoding', 'keep-alive']);

/**
 * A local stand-in for api.github.com that replays recorded answers by path, counts requests,
 * and honours If-None-Match with a 304 like GitHub does.
 */
export async function startReplayServer() {
  const routes = new Map<string, Handler>();
  const seen: SeenRequest[] = [];
  let active = 0;
  let maxActive = 0;
  let origin = '';

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', origin);
      const request: SeenRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        url: url.pathname + url.search,
        headers: req.headers,
        body,
      };
      seen.push(request);
      active += 1;
      maxActive = Math.max(maxActive, active);
      const handler = routes.get(`${request.method} ${request.path}`);
      const answer: Answer = handler ? handler(request, origin) : { status: 404, body: { message: 'Not Found' } };
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers ?? {})) {
        if (!HOP_HEADERS.has(name.toLowerCase())) headers[name] = String(value);
      }
      const etag = headers.etag;
      const ifNoneMatch = req.headers['if-none-match'];
      // Answer asynchronously so that concurrent requests overlap as they would on the network.
      setTimeout(() => {
        active -= 1;
        if (answer.status === 200 && etag && ifNoneMatch === etag) {
          res.writeHead(304, headers).end();
          return;
        }
        if (answer.body === undefined) {
          res.writeHead(answer.status, headers).end();
          return;
        }
        res.writeHead(answer.status, { ...headers, 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(answer.body));
      }, 5);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    seen,
    get maxConcurrent() {
      return maxActive;
    },
    route(method: string, pathname: string, handler: Handler | Answer) {
      routes.set(`${method} ${pathname}`, typeof handler === 'function' ? handler : () => handler);
    },
    /** Serves one recorded exchange at its own path (or another), with absolute GitHub URLs in Location pointing here. */
    replay(exchange: RecordedExchange, at?: string) {
      const pathname = at ?? new URL(exchange.path, 'https://api.github.com').pathname;
      routes.set(`${exchange.method.toUpperCase()} ${pathname}`, (_request, here) => {
        const headers = { ...exchange.headers };
        if (typeof headers.location === 'string')
          headers.location = headers.location.replace('https://api.github.com', here);
        return { status: exchange.status, body: exchange.response, headers };
      });
    },
    count(pathname: string): number {
      return seen.filter((r) => r.path === pathname).length;
    },
    reset() {
      seen.length = 0;
      maxActive = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type ReplayServer = Awaited<ReturnType<typeof startReplayServer>>;
