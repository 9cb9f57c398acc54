import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ContractAnswer, ContractSchema } from './route-contract';

export interface AnswerMismatch {
  method: string;
  url: string;
  status: number;
  problem: string;
}

/**
 * Checks every answer of a route that declares a contract against it, errors included, and turns
 * an answer that does not match into a 500 saying why (after telling `onMismatch`). For the test
 * suites: each of their requests checks the contract. Production answers are never re-read.
 * Register before the compression hook, which would otherwise have encoded the body.
 */
export function registerAnswerCheck(app: FastifyInstance, onMismatch: (mismatch: AnswerMismatch) => void): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const response = (request.routeOptions.schema as Partial<ContractSchema> | undefined)?.response;
    if (!response) return payload;
    const status = reply.statusCode;
    const declared = response[status] ?? response.default;
    const problem = declared ? checkAnswer(declared, payload, reply) : `status ${status} is not declared`;
    if (!problem) return payload;
    const mismatch = { method: request.method, url: request.url, status, problem };
    onMismatch(mismatch);
    reply.code(500).type('application/json; charset=utf-8').removeHeader('content-encoding');
    return JSON.stringify({
      error: {
        code: 'internal',
        message: `The ${status} answer of ${request.method} ${request.url} breaks its contract: ${problem}`,
      },
    });
  });
}

/** What is wrong with an answer, or undefined when it matches what its route declares. */
function checkAnswer(declared: ContractAnswer | z.ZodType, payload: unknown, reply: FastifyReply): string | undefined {
  const schema = 'content' in declared && declared.content ? declared.content['application/json'].schema : undefined;
  const text = bodyText(payload, reply);
  if (!schema) return text === '' ? undefined : 'a body where none is declared';
  if (text === undefined) return 'a streamed body where JSON is declared';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'a body that is not JSON';
  }
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`)
    .join('; ');
}

/** The body as text ('' when there is none), decoded if it was compressed; undefined for a stream. */
function bodyText(payload: unknown, reply: FastifyReply): string | undefined {
  if (payload === undefined || payload === null) return '';
  if (typeof payload === 'string') return payload;
  if (!Buffer.isBuffer(payload)) return undefined;
  const encoding = reply.getHeader('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(payload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(payload).toString('utf8');
  return payload.toString('utf8');
}
