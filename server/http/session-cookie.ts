// Loads @fastify/cookie's request/reply typings wherever this module is used.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config';

/** `__Host-` binds the cookie to this exact origin; browsers allow it only over HTTPS. */
export function sessionCookieName(config: Config): string {
  return isHttps(config) ? '__Host-rr_session' : 'rr_session';
}

export function isHttps(config: Config): boolean {
  return config.publicUrl.startsWith('https://');
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(config),
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(config) });
}

export function readSessionToken(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[sessionCookieName(config)];
}
