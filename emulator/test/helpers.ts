import { startEmulatorServer, type StartedEmulator } from '../start';
import type { EmulatorOptions } from '../index';

export const UA = 'reporooms-emulator-tests';

export interface Client {
  server: StartedEmulator;
  /** fetch below the emulator's origin with a User-Agent (and the token, when given). */
  get(path: string, init?: { token?: string; headers?: Record<string, string> }): Promise<Response>;
  request(path: string, init: RequestInit & { token?: string }): Promise<Response>;
  /** A token for a demo login via the control API. */
  token(login?: string, scopes?: string[]): Promise<string>;
  control(path: string, method?: string, body?: unknown): Promise<Response>;
  close(): Promise<void>;
}

export async function startClient(options: Omit<Partial<EmulatorOptions>, 'publicUrl'> = {}): Promise<Client> {
  const server = await startEmulatorServer(options);
  const request = (path: string, init: RequestInit & { token?: string }): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (!headers.has('user-agent')) headers.set('user-agent', UA);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    return fetch(`${server.url}${path}`, { ...init, headers, redirect: 'manual' });
  };
  const control = (path: string, method = 'POST', body?: unknown): Promise<Response> =>
    fetch(`${server.url}/__control${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    server,
    request,
    get: (path, init = {}) => request(path, { method: 'GET', headers: init.headers, token: init.token }),
    control,
    token: async (login = 'ada-demo', scopes) => {
      const res = await control('/tokens', 'POST', scopes ? { login, scopes } : { login });
      const json = (await res.json()) as { access_token: string };
      return json.access_token;
    },
    close: () => server.close(),
  };
}
