import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  MIN_COMPRESSED_BYTES,
  chooseEncoding,
  compressBody,
  varyOnAcceptEncoding,
  type Encoding,
} from './middleware/compression';

interface EncodedAnswer {
  json: Buffer;
  /** Compressed forms, made on first demand (the promise, so concurrent requests share one). */
  compressed: Map<Encoding, Promise<Buffer>>;
}

/** Keyed by the answer object: an answer a service serves again is encoded once. */
const encoded = new WeakMap<object, EncodedAnswer>();

/**
 * Sends a JSON answer that a service may hand out again unchanged (the same object, as a room's
 * remembered newest page): it is serialised, and compressed for each encoding asked for, once per
 * object instead of once per request. The answer is the same as Fastify's serialiser and the
 * compression hook would make of it (which leave a body with its encoding set alone).
 */
export async function sendSharedAnswer(request: FastifyRequest, reply: FastifyReply, answer: object): Promise<unknown> {
  let body = encoded.get(answer);
  if (!body) {
    body = { json: Buffer.from(JSON.stringify(answer)), compressed: new Map() };
    encoded.set(answer, body);
  }
  reply.type('application/json; charset=utf-8');
  if (body.json.length < MIN_COMPRESSED_BYTES) return reply.send(body.json);
  varyOnAcceptEncoding(reply);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body.json);
  const { compressed } = body;
  let made = compressed.get(encoding);
  if (!made) {
    made = compressBody(body.json, encoding);
    compressed.set(encoding, made);
    // A failure is not remembered: the next request tries again.
    made.catch(() => compressed.delete(encoding));
  }
  const bytes = await made;
  reply.header('content-encoding', encoding);
  return reply.send(bytes);
}
