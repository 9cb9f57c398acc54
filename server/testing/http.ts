import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface CallOptions {
  cookie?: string | undefined;
  /** Overrides the same-origin Origin header (null removes it). */
  origin?: string | null;
  headers?: Record<string, string>;
}

/** Calls the API the way the browser client does: the public Host, JSON bodies and a same-origin Origin. */
export function apiClient(app: FastifyInstance, publicUrl = 'http://localhost:3000') {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    options: CallOptions = {},
  ) => {
    // Addressed to the public host, as a browser on the site would (light-my-request says localhost:80).
    const headers: Record<string, string> = { host: new URL(publicUrl).host, ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    const origin = options.origin === undefined ? publicUrl : options.origin;
    if (origin !== null && method !== 'GET') headers.origin = origin;
    if (method !== 'GET') headers['content-type'] ??= 'application/json';
    return app.inject({
      method,
      url,
      headers,
      ...(method !== 'GET' ? { payload: JSON.stringify(body ?? {}) } : {}),
    });
  };
  return {
    get: (url: string, options?: CallOptions) => call('GET', url, undefined, options),
    post: (url: string, body?: unknown, options?: CallOptions) => call('POST', url, body, options),
    put: (url: string, body?: unknown, options?: CallOptions) => call('PUT', url, body, options),
    patch: (url: string, body?: unknown, options?: CallOptions) => call('PATCH', url, body, options),
    delete: (url: string, body?: unknown, options?: CallOptions) => call('DELETE', url, body, options),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

export function json<T = unknown>(response: LightMyRequestResponse): T {
  return response.json() as T;
}
