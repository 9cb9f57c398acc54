import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

/** A local SMTP server that keeps what it receives; `failNext` refuses the next recipients. */
export async function startSmtp() {
  const received: ParsedMail[] = [];
  let failNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (failNext > 0) {
        failNext -= 1;
        callback(new Error('451 try again later'));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failOnce: () => {
      failNext = 1;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
