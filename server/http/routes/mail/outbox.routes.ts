import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps';
import { outboxPage } from './mail-pages';

/** Demo mode without SMTP_URL: the e-mails the site would have sent, at /_emulator/mail. */
export async function outboxRoutes(app: FastifyInstance, { config, services }: RouteDeps): Promise<void> {
  if (!config.mail.outbox) return;
  const outbox = services.mail.outbox;
  app.get('/_emulator/mail', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(outboxPage(await outbox.list(100))),
  );
  app.get('/_emulator/mail/:id', async (request, reply) => {
    const mail = await outbox.get(String((request.params as { id: string }).id));
    if (!mail) return reply.status(404).type('text/plain').send('No such e-mail');
    // The HTML part as a mail client gets it, in a sandbox: no script, no form, nothing of the site.
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'")
      .send(mail.html_body);
  });
}
