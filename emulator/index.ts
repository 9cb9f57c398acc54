import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RateLimits } from './api/ratelimit';
import { GITHUB_RATE_LIMITS } from './api/ratelimit';
import { handleApi, type ApiDeps } from './api/pipeline';
import { Router } from './api/router';
import { serveAvatar } from './avatars/svg';
import { startAmbientActivity, type AmbientActivityOptions } from './activity/ambient';
import { RAW_PATH, serveRawDownload } from './contents/raw-download';
import { handleControl } from './control/routes';
import { loadDataset } from './dataset/index';
import { sendJson } from './http/send';
import { accessToken } from './oauth/access-token';
import { showAuthorize, submitAuthorize } from './oauth/authorize';
import { Urls } from './present/urls';
import { applicationRoutes } from './routes/applications';
import { commitRoutes } from './routes/commits';
import { contentRoutes } from './routes/contents';
import { eventRoutes } from './routes/events';
import { graphqlRoutes } from './routes/graphql';
import { issueCreateRoutes } from './routes/issue-create';
import { rateLimitRoutes } from './routes/rate-limit';
import { repoRoutes } from './routes/repos';
import { searchRoutes } from './routes/search';
import { userRoutes } from './routes/users';
import { EmulatorState, type EventPayloadShape, type OAuthApp } from './state';

export type { RateLimits } from './api/ratelimit';
export type { AmbientActivityOptions } from './activity/ambient';
export type { EventPayloadShape } from './state';

export interface EmulatorOptions {
  /** Absolute origin+prefix where browsers reach the emulator, e.g. "http://localhost:3000/_emulator" (no trailing slash). */
  publicUrl: string;
  /** Registered OAuth apps; default: DEMO_OAUTH_APP with the publicUrl's origin as callback (any path on it is accepted). */
  apps?: OAuthApp[];
  /** Clock in milliseconds (tests inject one); default Date.now. */
  now?: () => number;
  /** Override GitHub's primary rate limits (e.g. small numbers in tests). */
  rateLimits?: Partial<RateLimits>;
  /** Serve the /__control/ test endpoints; default true. */
  enableControl?: boolean;
  /** X-Poll-Interval of the events endpoints, in seconds; default 60 like GitHub (tests use 2). */
  pollIntervalSeconds?: number;
  /** Activity produced now and then in these repositories, without anyone asking (demo mode). */
  ambientActivity?: AmbientActivityOptions;
  /** Event payloads as GitHub Enterprise Server sends them ('full', default) or as github.com does ('trimmed'). */
  eventPayloads?: EventPayloadShape;
  /**
   * Sets a request's rate-limit buckets apart: a request for which this answers a non-empty name
   * is counted in buckets of that name (still per token, app or IP within it), never in those of
   * requests answered '' (the default grouping). A host that calls its embedded emulator itself
   * keeps its own quota from anyone else who reaches it this way.
   */
  bucketScope?: (req: IncomingMessage) => string;
}

export const DEMO_OAUTH_APP = { clientId: 'reporooms-demo', clientSecret: 'reporooms-demo-secret' } as const;

export interface Emulator {
  /** Handle a request whose URL path has ALREADY had publicUrl's path prefix removed. Returns false if the path is not the emulator's. */
  handle(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
  registerApp(app: OAuthApp): void;
  demoLogins(): string[];
  /** Stops the ambient activity timer (nothing else runs in the background). */
  close(): void;
}

export function createEmulator(options: EmulatorOptions): Emulator {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  const dataset = loadDataset();
  const state = new EmulatorState({ ...GITHUB_RATE_LIMITS, ...options.rateLimits }, options.eventPayloads ?? 'full');
  const pollIntervalSeconds = options.pollIntervalSeconds ?? 60;
  if (!Number.isInteger(pollIntervalSeconds) || pollIntervalSeconds < 1)
    throw new Error('pollIntervalSeconds must be a whole number of seconds, at least 1');
  const apps = options.apps ?? [{ ...DEMO_OAUTH_APP, callbackUrl: `${new URL(publicUrl).origin}/` }];
  for (const app of apps) state.apps.set(app.clientId, { ...app });
  const router = new Router().add([
    ...userRoutes,
    ...repoRoutes,
    ...issueCreateRoutes,
    ...eventRoutes,
    ...contentRoutes,
    ...commitRoutes,
    ...searchRoutes,
    ...graphqlRoutes,
    ...applicationRoutes,
    ...rateLimitRoutes,
  ]);
  const urls = new Urls(publicUrl);
  const apiDeps: ApiDeps = {
    dataset,
    state,
    urls,
    router,
    now,
    pollIntervalSeconds,
    ...(options.bucketScope ? { bucketScope: options.bucketScope } : {}),
  };
  const oauthDeps = { state, dataset, publicUrl, now };
  const controlEnabled = options.enableControl ?? true;
  const ambient = options.ambientActivity
    ? startAmbientActivity(options.ambientActivity, { dataset, state, urls, now })
    : undefined;

  async function dispatch(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (path === '/api/graphql') return handleApi(req, res, '/graphql', url, apiDeps);
    if (path === '/api/v3' || path.startsWith('/api/v3/'))
      return handleApi(req, res, path.slice('/api/v3'.length) || '/', url, apiDeps);
    if (path === '/login/oauth/authorize') {
      if (method === 'POST') return submitAuthorize(req, res, oauthDeps);
      return showAuthorize(res, url, oauthDeps);
    }
    if (path === '/login/oauth/access_token') {
      if (method !== 'POST') return sendJson(res, 404, { error: 'Not Found' });
      return accessToken(req, res, url, state, now());
    }
    if (path.startsWith('/avatars/'))
      return serveAvatar(res, path.slice('/avatars/'.length), req.headers['if-none-match']);
    if (RAW_PATH.test(path)) return serveRawDownload(res, path, { dataset, state });
    return handleControl(req, res, path, { state, dataset, urls, now });
  }

  function owns(path: string): boolean {
    return (
      path === '/api/graphql' ||
      path === '/api/v3' ||
      path.startsWith('/api/v3/') ||
      path.startsWith('/login/oauth/') ||
      /^\/avatars\/[^/]+$/.test(path) ||
      RAW_PATH.test(path) ||
      (controlEnabled && (path === '/__control' || path.startsWith('/__control/')))
    );
  }

  return {
    handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://emulator.invalid');
      if (!owns(url.pathname)) return false;
      return dispatch(req, res, url).then(
        () => true,
        (err: unknown) => {
          if (!res.headersSent)
            sendJson(res, 500, { message: 'Emulator error', detail: err instanceof Error ? err.message : String(err) });
          else res.destroy();
          return true;
        },
      );
    },
    registerApp(app) {
      state.apps.set(app.clientId, { ...app });
    },
    demoLogins: () => dataset.demoLogins(),
    close: () => ambient?.stop(),
  };
}
