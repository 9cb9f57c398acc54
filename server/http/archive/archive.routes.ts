import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteDeps } from '../route-deps';
import type { ArchiveRoom } from '../../services/archive/archive.service';
import { createArchiveCache } from './archive-cache';
import { dayPage, daysPage, threadPage, type PageContext } from './archive-pages';
import { badgeSvg } from './badge';
import { sendSharedBody } from '../shared-answer';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAME = /^[A-Za-z0-9_.-]{1,100}$/;

interface RepoParams {
  owner: string;
  name: string;
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found · RepoRooms</title><meta name="robots" content="noindex"></head><body><main><h1>Not found</h1><p><a href="/">RepoRooms</a></p></main></body></html>',
    );
}

/**
 * The public archive (docs/PRODUCT.md §22): server-rendered pages of a room's days and threads,
 * readable without JavaScript. A room whose maintainers chose "Members only" has none (404); one
 * hidden from search engines answers with `noindex`.
 */
export async function archiveRoutes(app: FastifyInstance, { services, config, github }: RouteDeps): Promise<void> {
  const cache = createArchiveCache();
  const origin = config.publicUrl.replace(/\/+$/, '');

  async function readableRoom(params: RepoParams): Promise<ArchiveRoom | undefined> {
    if (!NAME.test(params.owner) || !NAME.test(params.name)) return undefined;
    const room = await services.archive.room(`${params.owner}/${params.name}`);
    return room && room.access === 'anyone' ? room : undefined;
  }

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    room: ArchiveRoom,
    key: string,
    build: (page: PageContext) => Promise<string | undefined>,
  ): Promise<FastifyReply> {
    const version = `${room.lastSeq}|${room.access}|${room.indexed ? 'i' : 'h'}`;
    const page: PageContext = { room, origin, githubWebUrl: github.webUrl };
    const entry = await cache.page(`${room.id}|${key}`, version, () => build(page));
    if (!entry) return notFound(reply);
    reply.header('ETag', entry.etag).header('Cache-Control', 'public, max-age=0, must-revalidate');
    if (!room.indexed) reply.header('X-Robots-Tag', 'noindex');
    if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
    return sendSharedBody(request, reply, entry, 'text/html; charset=utf-8', () => entry.body);
  }

  app.get<{ Params: RepoParams; Querystring: { page?: string } }>('/r/:owner/:name/archive', async (request, reply) => {
    const room = await readableRoom(request.params);
    if (!room) return notFound(reply);
    const at = Number(request.query.page ?? '1');
    if (!Number.isInteger(at) || at < 1 || at > 100_000) return notFound(reply);
    return send(request, reply, room, `days|${at}`, async (page) => {
      const { days, pages } = await services.archive.days(room.id, at);
      if (at > pages) return undefined;
      return daysPage(page, days, at, pages);
    });
  });

  app.get<{ Params: RepoParams & { day: string } }>('/r/:owner/:name/archive/:day', async (request, reply) => {
    const { day } = request.params;
    const room = await readableRoom(request.params);
    if (!room || !DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return notFound(reply);
    return send(request, reply, room, `day|${day}`, async (page) => {
      const data = await services.archive.day(room.id, day);
      return data ? dayPage(page, day, data) : undefined;
    });
  });

  app.get<{ Params: RepoParams & { threadId: string } }>(
    '/r/:owner/:name/threads/:threadId',
    async (request, reply) => {
      const { threadId } = request.params;
      const room = await readableRoom(request.params);
      if (!room || !UUID.test(threadId)) return notFound(reply);
      return send(request, reply, room, `thread|${threadId.toLowerCase()}`, async (page) => {
        const data = await services.archive.thread(room.id, threadId.toLowerCase());
        return data ? threadPage(page, data) : undefined;
      });
    },
  );

  // The README badge: "chat | N online" (or "N members"); counts only, so any room has one.
  app.get<{ Params: RepoParams; Querystring: { show?: string } }>(
    '/r/:owner/:name/badge.svg',
    async (request, reply) => {
      const { owner, name } = request.params;
      const room = NAME.test(owner) && NAME.test(name) ? await services.archive.room(`${owner}/${name}`) : undefined;
      if (!room) return reply.status(404).header('Cache-Control', 'max-age=60').type('text/plain').send('Not found');
      const counts = await services.archive.counts(room.id);
      const message =
        request.query.show === 'members'
          ? `${counts.members} ${counts.members === 1 ? 'member' : 'members'}`
          : `${counts.online} online`;
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Cache-Control', 'max-age=60')
        .send(badgeSvg('chat', message));
    },
  );
}
