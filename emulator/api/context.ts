import type { IncomingHttpHeaders } from 'node:http';
import type { Dataset } from '../dataset/index';
import type { JsonObject } from '../present/users';
import type { Urls } from '../present/urls';
import type { EmulatorState, TokenRecord } from '../state';
import type { RateResource } from './ratelimit';

export interface ApiContext {
  method: string;
  /** Path below /api/v3 (e.g. "/repos/o/r"), or "/graphql". */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  params: Record<string, string>;
  auth: TokenRecord | null;
  /** Rate-limit bucket owner: the token's user, an OAuth app, or the client IP. */
  rateIdentity: string;
  authenticated: boolean;
  urls: Urls;
  dataset: Dataset;
  state: EmulatorState;
  nowMs: number;
  /** Seconds GitHub asks event pollers to wait between requests (X-Poll-Interval). */
  pollIntervalSeconds: number;
  readBody(): Promise<string>;
}

export interface ApiResult {
  status: number;
  /** JSON body; omitted for 204 and redirects without a body. */
  body?: unknown;
  /** A body that is not JSON (raw file contents, a bare SHA), sent as is with its content type. */
  raw?: { bytes: Buffer; contentType: string };
  headers?: Record<string, string>;
  /** ISO time for Last-Modified (single resources only). */
  lastModified?: string;
}

export interface Route {
  method: string;
  pattern: string;
  /** Rate-limit bucket the call spends from; 'none' for calls GitHub does not count. */
  resource: RateResource | 'none';
  handler(ctx: ApiContext): ApiResult | Promise<ApiResult>;
}

export type { JsonObject };
