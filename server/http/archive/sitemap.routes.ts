import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../route-deps';
import { SITEMAP_MAX_URLS } from '../../services/archive/archive.service';
import { archivePath, dayPath, threadPath } from './archive-pages';
import { escapeHtml } from './archive-html';

const XML = 'application/xml; charset=utf-8';
const CACHE = 'public, max-age=300';
const PART = /^([0-9a-f-]{36})-(\d{1,4})\.xml$/i;

interface SitemapUrl {
  loc: string;
  lastmod?: string | undefined;
}

const urlXml = (url: SitemapUrl) =>
  `<url><loc>${escapeHtml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;

/**
 * What search engines may index (docs/PRODUCT.md §22): /robots.txt points to /sitemap.xml, a
 * sitemap index with one sitemap per room (more when a room has over 50,000 addresses), each
 * listing the room's archive, its days and its threads. Rooms for members only or hidden from
 * search engines are not listed.
 */
export async function sitemapRoutes(app: FastifyInstance, { services, config }: RouteDeps): Promise<void> {
  const origin = config.publicUrl.replace(/\/+$/, '');

  async function roomUrls(roomId: string, repo: string): Promise<SitemapUrl[]> {
    const { days, threads } = await services.archive.sitemapEntries(roomId);
    return [
      { loc: `${origin}${archivePath(repo)}`, lastmod: days[0]?.day },
      ...days.map((d) => ({ loc: `${origin}${dayPath(repo, d.day)}`, lastmod: d.day })),
      ...threads.map((t) => ({ loc: `${origin}${threadPath(repo, t.root_id)}`, lastmod: t.last_reply_at })),
    ];
  }

  app.get('/robots.txt', async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /$',
      'Allow: /r/',
      'Disallow: /api/',
      'Disallow: /chat/',
      'Disallow: /auth',
      'Disallow: /profile',
      'Disallow: /search',
      'Disallow: /mentions',
      'Disallow: /threads',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const rooms = await services.archive.indexedRooms();
    const entries: string[] = [];
    for (const room of rooms) {
      const count = (await roomUrls(room.id, room.repo_full_name)).length;
      const parts = Math.max(1, Math.ceil(count / SITEMAP_MAX_URLS));
      for (let part = 1; part <= parts; part += 1) {
        entries.push(
          `<sitemap><loc>${origin}/sitemaps/${room.id}-${part}.xml</loc><lastmod>${room.last_activity_at.slice(0, 10)}</lastmod></sitemap>`,
        );
      }
    }
    return reply
      .type(XML)
      .header('Cache-Control', CACHE)
      .send(
        `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>`,
      );
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const match = PART.exec(request.params.file);
    const room = match?.[1] ? await services.archive.roomById(match[1].toLowerCase()) : undefined;
    if (!match || !room || room.access !== 'anyone' || !room.indexed) return reply.status(404).type(XML).send('');
    const part = Number(match[2]);
    const urls = (await roomUrls(room.id, room.repoFullName)).slice(
      (part - 1) * SITEMAP_MAX_URLS,
      part * SITEMAP_MAX_URLS,
    );
    if (urls.length === 0) return reply.status(404).type(XML).send('');
    return reply
      .type(XML)
      .header('Cache-Control', CACHE)
      .send(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map(urlXml).join('')}</urlset>`,
      );
  });
}
