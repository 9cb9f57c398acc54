import type { z } from 'zod';
import type { apiErrorResponse } from './errors.schemas';

/** The `code` of an error answer: what went wrong, for programs (the message is for people). */
export const API_ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'upstream_rate_limited',
  'upstream_unavailable',
  'unavailable',
  'internal',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Body of every error answer from the API. */
export type ApiErrorResponse = z.infer<typeof apiErrorResponse>;
