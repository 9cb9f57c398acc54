import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ADDRESS_CONFIRMED,
  LINK_NOT_VALID,
  UNSUBSCRIBE_QUESTION,
  UNSUBSCRIBED,
  type MailSettingsDto,
} from '../../../../shared/api/mail';
import { mailAddressBody, mailSettingsBody } from '../../../../shared/api/mail.schemas';
import { requireAuth } from '../../middleware/authentication';
import { parseInput } from '../../parse';
import type { RouteDeps } from '../../route-deps';
import { mailContracts } from './mail.contracts';
import { mailPage, unsubscribeForm } from './mail-pages';

/**
 * E-mail notifications: the signed-in person's settings under /api, and the links e-mails carry,
 * which work without signing in (outside /api: a mail client's one-click POST carries no Origin).
 */
export async function mailRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const { settings } = services.mail;

  app.get('/api/me/mail', mailContracts.settings, async (request) => {
    const auth = requireAuth(request);
    return (await settings.get(auth.userId)) satisfies MailSettingsDto;
  });

  app.put('/api/me/mail', mailContracts.update, async (request) => {
    const auth = requireAuth(request);
    return (await settings.update(auth.userId, parseInput(mailSettingsBody, request.body))) satisfies MailSettingsDto;
  });

  app.put('/api/me/mail/address', mailContracts.address, async (request) => {
    const auth = requireAuth(request);
    const { address } = parseInput(mailAddressBody, request.body);
    return (await settings.setAddress(auth.userId, address)) satisfies MailSettingsDto;
  });

  const tokenOf = (query: unknown) => {
    const token = (query as { token?: unknown } | undefined)?.token;
    return typeof token === 'string' ? token.slice(0, 200) : '';
  };
  const answer = (reply: FastifyReply, ok: boolean, text: string, body = '') =>
    reply
      .status(ok ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(ok ? mailPage(text, body) : mailPage(LINK_NOT_VALID));

  // The link in every e-mail. Opening it changes nothing (mail scanners open links on their own):
  // it asks, and its button POSTs to the same address, without signing in.
  app.get('/mail/unsubscribe', async (request, reply) => {
    const token = tokenOf(request.query);
    const ok = await settings.knowsUnsubscribeToken(token);
    return answer(reply, ok, UNSUBSCRIBE_QUESTION, unsubscribeForm(token));
  });
  // The page's button, and RFC 8058's one click: mail clients POST "List-Unsubscribe=One-Click"
  // to the List-Unsubscribe address. Either turns e-mail off at once.
  await app.register(async (scope) => {
    // Its body ("List-Unsubscribe=One-Click") is a form; only this route reads forms, and ignores them.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/mail/unsubscribe', async (request, reply) =>
      answer(reply, await settings.unsubscribe(tokenOf(request.query)), UNSUBSCRIBED),
    );
  });
  app.get('/mail/confirm', async (request, reply) =>
    answer(reply, await settings.confirm(tokenOf(request.query)), ADDRESS_CONFIRMED),
  );
}
