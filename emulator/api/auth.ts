import type { EmulatorState, TokenRecord } from '../state';

export type AuthResult =
  { kind: 'anonymous' } | { kind: 'token'; record: TokenRecord } | { kind: 'app'; clientId: string } | { kind: 'bad' };

export function parseBasic(header: string | undefined): { user: string; password: string } | null {
  const m = /^basic\s+(\S+)$/i.exec(header ?? '');
  if (!m?.[1]) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  return i < 0 ? null : { user: decoded.slice(0, i), password: decoded.slice(i + 1) };
}

/**
 * Resolves the Authorization header. `Bearer` and `token` schemes carry user tokens; Basic
 * `client_id:client_secret` authenticates an OAuth app (the /applications routes check it themselves).
 */
export function authenticate(header: string | undefined, path: string, state: EmulatorState): AuthResult {
  if (!header) return { kind: 'anonymous' };
  const m = /^(bearer|token)\s+(\S+)\s*$/i.exec(header);
  if (m?.[2]) {
    const record = state.tokens.get(m[2]);
    return record ? { kind: 'token', record } : { kind: 'bad' };
  }
  const basic = parseBasic(header);
  if (basic) {
    if (path.startsWith('/applications/')) return { kind: 'anonymous' };
    const app = state.apps.get(basic.user);
    return app && app.clientSecret === basic.password ? { kind: 'app', clientId: app.clientId } : { kind: 'bad' };
  }
  return { kind: 'bad' };
}
