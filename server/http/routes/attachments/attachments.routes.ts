import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ATTACHMENT_ERRORS, ATTACHMENT_MAX_BYTES } from '../../../../shared/attachments/attachments';
import type { UploadAttachmentResponse } from '../../../../shared/attachments/attachments-api';
import { uploadAttachmentQuery } from '../../../../shared/attachments/attachments.schemas';
import { isUuid } from '../../../../shared/text';
import type { RouteDeps } from '../../route-deps';
import { apiErrors } from '../../errors';
import { requireAuth } from '../../middleware/authentication';
import { parseInput } from '../../parse';
import { roomIdOf } from '../rooms/rooms.routes';
import { attachmentsContracts } from './attachments.contracts';

/**
 * Served files may be anything a member uploaded: no script runs with them (a sandbox without
 * scripts), nothing reads them as another type (nosniff), and only images show in a page.
 */
const FILE_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";

/** Uploads (`/api/rooms/{id}/attachments`) and the files themselves (`/files/{id}`). */
export async function attachmentsRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const { attachments } = services;

  await app.register(async (scope) => {
    // The upload's body is the file itself, read whole (at most 10 MB) for its bytes to be checked.
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/api/rooms/:roomId/attachments',
      {
        ...attachmentsContracts.upload,
        config: { takesFileBytes: true },
        bodyLimit: ATTACHMENT_MAX_BYTES,
        // Said before the bytes are read, in the words the composer shows.
        onRequest: async (request) => {
          const length = Number(request.headers['content-length'] ?? 0);
          if (length > ATTACHMENT_MAX_BYTES) {
            const name = (request.query as { name?: unknown }).name;
            throw apiErrors.validation(ATTACHMENT_ERRORS.tooLarge(typeof name === 'string' ? name : 'The file'));
          }
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const roomId = roomIdOf(request.params);
        const { name } = parseInput(uploadAttachmentQuery, request.query);
        if (!Buffer.isBuffer(request.body)) {
          throw apiErrors.badRequest("Send the file's bytes (Content-Type: application/octet-stream)");
        }
        const answer = await attachments.upload(auth.userId, roomId, name, request.body);
        return reply.status(201).send(answer satisfies UploadAttachmentResponse);
      },
    );
  });

  const serve = (variant: 'original' | 'thumbnail') => async (request: FastifyRequest, reply: FastifyReply) => {
    const { attachmentId } = request.params as { attachmentId: string };
    const file = isUuid(attachmentId) ? await attachments.open(request.auth?.userId, attachmentId, variant) : undefined;
    if (!file) return reply.status(404).send({ error: { code: 'not_found', message: 'Not found' } });
    reply
      .type(file.type === 'text/plain' ? 'text/plain; charset=utf-8' : file.type)
      .header('Content-Length', String(file.size))
      .header('Content-Disposition', contentDisposition(file.inline ? 'inline' : 'attachment', file.name))
      // Who may read it can change (a ban, a deletion): browsers keep it briefly and to themselves.
      .header('Cache-Control', 'private, max-age=300');
    return reply.send(file.body);
  };
  const fileRoute = {
    // After the site's own headers: a served file gets the sandbox, never the site's policy.
    onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      reply.header('Content-Security-Policy', FILE_CSP);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cross-Origin-Resource-Policy', 'same-origin');
      return payload;
    },
  };
  app.get('/files/:attachmentId', fileRoute, serve('original'));
  app.get('/files/:attachmentId/thumbnail', fileRoute, serve('thumbnail'));
}

/** `attachment; filename="…"; filename*=UTF-8''…`: an ASCII fallback and the real name. */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
