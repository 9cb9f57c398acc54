import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../config/config';
import { isHttps } from '../../session-cookie';
import { OAUTH_STATE_TTL_MS } from '../../../services/auth/oauth-flow.service';

/** Ties a pending sign-in to the browser that started it (short-lived, HttpOnly, Lax so GitHub's redirect back carries it). */
function cookieName(config: Config): string {
  return isHttps(config) ? '__Host-rr_oauth' : 'rr_oauth';
}

export function setBindingCookie(reply: FastifyReply, config: Config, value: string): void {
  reply.setCookie(cookieName(config), value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(config),
    maxAge: OAUTH_STATE_TTL_MS / 1000,
  });
}

export function clearBindingCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(cookieName(config), { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(config) });
}

export function readBindingCookie(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[cookieName(config)];
}
