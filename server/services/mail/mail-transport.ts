import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Config } from '../../config/config';
import { mailRepository } from '../../db/repositories/mail.repository';
import type { Database } from '../../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** Stable per job: a receiver seeing the same id twice knows it is one e-mail. */
  messageId: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; in demo mode without it, the outbox table that
 * /_emulator/mail shows (so a newcomer can see what would have been sent).
 */
export function createMailTransport(config: Config['mail'], db: Kysely<Database>, now: () => number): MailTransport {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from: config.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
          messageId: mail.messageId,
        });
      },
      close: () => transport.close(),
    };
  }
  return {
    async send(mail) {
      await mailRepository(db).keep({
        id: randomUUID(),
        recipient: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        headers: JSON.stringify({ ...mail.headers, 'Message-ID': mail.messageId, From: config.from }),
        created_at: new Date(now()).toISOString(),
      });
    },
    close: () => undefined,
  };
}
