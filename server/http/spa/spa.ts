import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SIDEBAR_COOKIE } from '../../../shared/limits';
import type { RouteDeps } from '../route-deps';
import { pageMetaFor, type PageMetaResult } from './page-meta';
import { renderIndexHtml } from './render-index';

/**
 * Serves the built client: hashed assets with a long cache (compressed at build time), and
 * index.html for every other GET that is not an API or emulator path (client-side routes), with
 * that page's metadata written into the head for crawlers that run no JavaScript.
 */
export async function registerSpa(app: FastifyInstance, { config, services, github }: RouteDeps): Promise<void> {
  const { publicProfiles } = services;
  const root = path.resolve(config.clientDistDir);
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ root }, 'client build not found: run `npm run build` (the API still works)');
  }
  if (fs.existsSync(root))
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // Every built file has .br and .gz siblings written at build time (scripts/precompress.ts):
      // one is sent with its Content-Encoding when the request accepts it, and Vary says so.
      preCompressed: true,
      // The siblings are reached only through the file they compress, never by their own URL.
      globIgnore: ['**/*.br', '**/*.gz'],
      // Source maps carry the full client sources: never served, even if a build left some behind.
      allowedPath: (pathName) => !isSourceMap(pathName),
      setHeaders(res, filePath) {
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=300',
        );
      },
    });
  let indexHtml: string | undefined;
  const readIndex = () => (indexHtml ??= fs.readFileSync(indexFile, 'utf8'));

  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/_emulator/');
    if (!isPage || path.extname(request.url.split('?')[0] ?? '') !== '') {
      return reply.status(404).send({ error: { code: 'not_found', message: 'Not found' } });
    }
    if (!fs.existsSync(indexFile))
      return reply.status(503).type('text/plain').send('Client not built: run npm run build');
    const pathname = request.url.split('?')[0] ?? '/';
    let page: PageMetaResult;
    try {
      page = await pageMetaFor(pathname, publicProfiles, config.publicUrl);
    } catch (error) {
      // The page still works without its specific tags; the browser sets them again.
      request.log.warn({ err: error, pathname }, 'page metadata lookup failed');
      page = { meta: { path: pathname, noindex: true }, status: 200 };
    }
    return reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(
        renderIndexHtml(readIndex(), page.meta, config.publicUrl, {
          githubMode: github.mode,
          sidebarExpanded: request.cookies[SIDEBAR_COOKIE] === 'true',
        }),
      );
  });
}

function isSourceMap(pathName: string): boolean {
  return pathName.toLowerCase().endsWith('.map');
}
