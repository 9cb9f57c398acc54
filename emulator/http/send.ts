import type { ServerResponse } from 'node:http';

export type HeaderMap = Record<string, string>;

export function send(res: ServerResponse, status: number, headers: HeaderMap, body?: string | Buffer): void {
  const all: HeaderMap = { ...headers };
  if (body !== undefined) all['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(status, all);
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: HeaderMap = {}): void {
  send(res, status, { 'content-type': 'application/json; charset=utf-8', ...headers }, JSON.stringify(value));
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: HeaderMap = {}): void {
  send(res, status, { 'content-type': 'text/html; charset=utf-8', ...headers }, html);
}

export function redirect(res: ServerResponse, location: string): void {
  send(res, 302, { location, 'cache-control': 'no-store' }, '');
}
