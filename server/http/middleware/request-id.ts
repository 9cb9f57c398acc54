import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/**
 * Ids a proxy or client may hand us: short, and only characters that cannot break a log line or a
 * header (no spaces, quotes, control characters). Anything else is replaced, not trusted.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Fastify's genReqId: the caller's x-request-id when well-formed, a fresh UUID otherwise. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
}

/**
 * Echoes the id on every answer, so a user's report or a proxy log can be matched to our log
 * lines (Fastify puts the id on each line of the request's logger as `reqId`).
 */
export function registerRequestIdEcho(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
