import type { ApiErrorResponse } from '../../shared/api/errors';

/** A failed API call, with the server's message (shown in toasts) and status. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
    /** GitHub's rate limit reset (upstream_rate_limited answers). */
    readonly resetAt?: string | null,
    /** The machine-readable reason of a refusal, when the answer gives one. */
    readonly reason?: string,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** JSON over same-origin fetch; state-changing calls always carry a JSON body. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const init: RequestInit = { method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
  if (options.signal) init.signal = options.signal;
  if (method !== 'GET') {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body ?? {});
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'network', 'Network error: check your connection');
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const error = (data as ApiErrorResponse | undefined)?.error;
    throw new ApiRequestError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? `Request failed (${response.status})`,
      error?.retryAfterSeconds,
      error?.resetAt,
      error?.reason,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A path segment of a URL, encoded. */
export const segment = encodeURIComponent;

/** A path with its query string (none when every parameter is left out). */
export const withQuery = (path: string, params: Record<string, string>) => {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
};

/** A call's optional abort signal. */
export type Signal = { signal?: AbortSignal | undefined };
/** The request options carrying a call's signal, when it has one. */
export const signalOf = (options: Signal = {}) => (options.signal ? { signal: options.signal } : {});
