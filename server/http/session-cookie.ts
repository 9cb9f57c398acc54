// Loads @fastify/cookie's request/reply typings wherever this module is used.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config';
import { isHttps, sessionCookieName } from '../config/site-origin';

export { isHttps, sessionCookieName } from '../config/site-origin';

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
