import { randomBytes } from 'node:crypto';
import type { EmulatorState, TokenRecord } from '../state';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An OAuth-app user token: `gho_` + 36 base62 characters, like GitHub's. */
export function newToken(): string {
  const bytes = randomBytes(36);
  let out = 'gho_';
  for (const b of bytes) out += BASE62[b % 62];
  return out;
}

export function issueToken(
  state: EmulatorState,
  login: string,
  scopes: string[],
  clientId: string | null,
): TokenRecord {
  const record: TokenRecord = { token: newToken(), login, scopes, clientId };
  state.tokens.set(record.token, record);
  return record;
}
