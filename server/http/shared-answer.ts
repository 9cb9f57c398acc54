import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  MIN_COMPRESSED_BYTES,
  chooseEncoding,
  compressBody,
  varyOnAcceptEncoding,
  type Encoding,
} from './middleware/compression';

interface EncodedAnswer {
  bytes: Buffer;
  /** Compressed forms, made on first demand (the promise, so concurrent requests share one). */
  compressed: Map<Encoding, Promise<Buffer>>;
}

/** Keyed by the answer object: an answer a service serves again is encoded once. */
const encoded = new WeakMap<object, EncodedAnswer>();

/**
 * Sends a body that is served again unchanged while `owner` (the object it was made from) lives:
 * its bytes, and each compressed form asked for, are made once per owner instead of once per
 * request. The answer is the same as the compression hook would make of it (which leaves a body
 * with its encoding set alone).
 */
export async function sendSharedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  owner: object,
  type: string,
  bytesOf: () => Buffer,
): Promise<FastifyReply> {
  let body = encoded.get(owner);
  if (!body) {
    body = { bytes: bytesOf(), compressed: new Map() };
    encoded.set(owner, body);
  }
  reply.type(type);
  if (body.bytes.length < MIN_COMPRESSED_BYTES) return reply.send(body.bytes);
  varyOnAcceptEncoding(reply);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body.bytes);
  const { compressed } = body;
  let made = compressed.get(encoding);
  if (!made) {
    made = compressBody(body.bytes, encoding);
    compressed.set(encoding, made);
    // A failure is not remembered: the next request tries again.
    made.catch(() => compressed.delete(encoding));
  }
  const bytes = await made;
  reply.header('content-encoding', encoding);
  return reply.send(bytes);
}

/**
 * Sends a JSON answer that a service may hand out again unchanged (the same object, as a room's
 * remembered newest page): it is serialised, and compressed for each encoding asked for, once per
 * object instead of once per request. The answer is the same as Fastify's serialiser and the
 * compression hook would make of it (which leave a body with its encoding set alone).
 */
export function sendSharedAnswer(request: FastifyRequest, reply: FastifyReply, answer: object): Promise<unknown> {
  return sendSharedBody(request, reply, answer, 'application/json; charset=utf-8', () =>
    Buffer.from(JSON.stringify(answer)),
  );
}
