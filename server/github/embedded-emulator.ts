import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createEmulator, DEMO_OAUTH_APP } from '../../emulator/index';

export const EMULATOR_PREFIX = '/_emulator';
/** Carries the marker that tells the site's own calls to the embedded emulator from anyone else's. */
export const SITE_CALL_HEADER = 'x-reporooms-site-call';

export const DEMO_RATE_LIMITS = {
  coreAuthenticated: 100_000,
  coreAnonymous: 100_000,
  searchAuthenticated: 1_000,
  searchAnonymous: 1_000,
  graphql: 100_000,
} as const;

/** Demo rooms' repositories get a release, a merge, an issue or a push about every two minutes. */
export const AMBIENT_ACTIVITY_EVERY_MS = 120_000;

export interface EmbeddedEmulatorOptions {
  /** Serve the control API under /_emulator/__control/ (EMULATOR_CONTROL=true; config refuses it in production). */
  control: boolean;
  pollIntervalSeconds: number;
  /** Repositories that receive activity on their own (the demo rooms'); none by default. */
  ambientRepos?: readonly string[];
  /** The secret the site's own calls carry (createSiteCallMark): requests without it spend buckets of their own. */
  siteCallMark: string;
}

/**
 * A secret of this process that the site's own calls to its embedded emulator carry in
 * SITE_CALL_HEADER. The emulator counts quota by caller address, and behind a reverse proxy on the
 * same host every visitor arrives from 127.0.0.1 like the server itself: without the mark, a
 * visitor calling /_emulator/api/v3/search would spend the site's own quota.
 */
export function createSiteCallMark(): string {
  return randomBytes(32).toString('base64url');
}

function carriesMark(header: string | string[] | undefined, mark: Buffer): boolean {
  if (typeof header !== 'string') return false;
  const given = Buffer.from(header);
  return given.length === mark.length && timingSafeEqual(given, mark);
}

/**
 * Demo mode: the GitHub emulator answers on this same origin under /_emulator, so the product
 * runs offline with no configuration and still speaks the real GitHub protocol to it. Requests
 * without the site's mark (`options.siteCallMark`) spend quota buckets of their own.
 */
export async function mountEmulator(
  app: FastifyInstance,
  publicUrl: string,
  options: EmbeddedEmulatorOptions,
): Promise<void> {
  const mark = Buffer.from(options.siteCallMark);
  const emulator = createEmulator({
    publicUrl: `${publicUrl}${EMULATOR_PREFIX}`,
    apps: [{ ...DEMO_OAUTH_APP, callbackUrl: `${publicUrl}/api/auth/github/callback` }],
    // The test switches (reset, forced failures, token minting, activity) let anyone change what
    // the site believes about GitHub: off unless a test of the running site asks for them.
    enableControl: options.control,
    pollIntervalSeconds: options.pollIntervalSeconds,
    ...(options.ambientRepos && options.ambientRepos.length > 0
      ? {
          ambientActivity: { repos: [...options.ambientRepos], everyMs: AMBIENT_ACTIVITY_EVERY_MS, seed: 'demo-rooms' },
        }
      : {}),
    // One site shares the embedded emulator, so the demo gets a generous quota; GitHub's real
    // limits (60/h core, 10/min search for anonymous callers) are reproduced by the standalone emulator.
    rateLimits: DEMO_RATE_LIMITS,
    bucketScope: (request) => (carriesMark(request.headers[SITE_CALL_HEADER], mark) ? '' : 'outside'),
  });
  app.addHook('onClose', async () => emulator.close());
  await app.register(async (scope) => {
    // The emulator reads raw request bodies itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const forward = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      reply.hijack();
      const raw = request.raw;
      raw.url = (raw.url ?? '/').slice(EMULATOR_PREFIX.length) || '/';
      const handled = await emulator.handle(raw, reply.raw);
      if (!handled && !reply.raw.headersSent) {
        reply.raw.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
        reply.raw.end(JSON.stringify({ message: 'Not Found' }));
      }
    };
    scope.all(`${EMULATOR_PREFIX}/*`, forward);
  });
}

export { DEMO_OAUTH_APP };
