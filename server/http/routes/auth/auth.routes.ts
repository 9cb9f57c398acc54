import type { FastifyInstance } from 'fastify';
import { ISSUE_SCOPES } from '../../../github/issue-writer';
import { signInCallbackQuery, signInStartQuery } from '../../../../shared/api/auth.schemas';
import type { RouteDeps } from '../../route-deps';
import { authContracts } from './auth.contracts';
import { parseInput } from '../../parse';
import { isPublicHost } from '../../public-host';
import { clearSessionCookie, setSessionCookie } from '../../session-cookie';
import { clearBindingCookie, readBindingCookie, setBindingCookie } from './oauth-binding-cookie';

/** Sign-in starts per IP per minute: each start stores a pending row. */
const STARTS_PER_MINUTE = 60;

/** Routes of the GitHub sign-in and sign-out. */
export async function authRoutes(app: FastifyInstance, { config, services }: RouteDeps): Promise<void> {
  const { flow, syncAtSignIn, signOut } = services.signIn;
  // Shutdown waits for syncs under way rather than cutting them off mid-write.
  app.addHook('onClose', async () => {
    await Promise.all([syncAtSignIn.drain(), services.memberRoles.drain()]);
  });

  const publicUrl = new URL(config.publicUrl);

  // A browser navigation that only starts a flow: nothing the user sees changes, so GET is fine.
  app.get('/api/auth/github/start', authContracts.start, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { returnTo, scope } = parseInput(signInStartQuery, request.query);
    // GitHub sends the browser back to PUBLIC_URL, where the binding cookie set here would be missing
    // (and the sign-in would fail as an expired link): say which address to use instead.
    if (!isPublicHost(publicUrl, request.host)) return reply.redirect('/auth?error=wrong_origin', 302);
    const limit = await services.rateLimiter.hit(`auth-start:${request.ip}`, STARTS_PER_MINUTE, 60_000);
    if (!limit.allowed) return reply.redirect('/auth?error=rate_limited', 302);
    const started = await flow.start(
      returnTo,
      readBindingCookie(request, config),
      scope === 'issues' ? ISSUE_SCOPES.slice(0, 1) : [],
    );
    setBindingCookie(reply, config, started.binding);
    return reply.redirect(started.authorizeUrl, 302);
  });

  app.get('/api/auth/github/callback', authContracts.callback, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const query = signInCallbackQuery.safeParse(request.query);
    const params = query.success ? query.data : {};
    const result = await flow.complete({ ...params, binding: readBindingCookie(request, config) });
    clearBindingCookie(reply, config);
    if (!result.ok) return reply.redirect(`/auth?error=${result.error}`, 302);
    // A sign-in always starts a new session; one the browser already had is ended.
    if (request.auth) await signOut(request.auth.sessionId);
    setSessionCookie(reply, config, result.token, result.expiresAt);
    // The public profile fills itself from GitHub without holding up the redirect.
    syncAtSignIn.start(result.userId);
    // A new token: GitHub is asked again who moderates the user's rooms.
    services.memberRoles.refreshAtSignIn(result.userId);
    return reply.redirect(result.returnTo, 302);
  });

  app.post('/api/auth/sign-out', authContracts.signOut, async (request, reply) => {
    if (request.auth) await signOut(request.auth.sessionId);
    clearSessionCookie(reply, config);
    return reply.status(204).send();
  });
}

/** Deletes the session and tells every process, so its open sockets close too. */
