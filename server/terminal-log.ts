import type { DestinationStream } from 'pino';
import { isColorSupported, prettyFactory } from 'pino-pretty';

interface OutputStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * Someone watching the server in a terminal gets readable lines, one short line per request;
 * log collectors (stdout not a terminal, or NODE_ENV=production) get JSON lines.
 */
export function isInteractiveTerminal(stdout: OutputStream, env: NodeJS.ProcessEnv): boolean {
  return stdout.isTTY === true && env.NODE_ENV !== 'production';
}

/** A pino destination writing human-readable lines to `out`. */
export function terminalLogDestination(out: OutputStream, colorize = isColorSupported): DestinationStream {
  const common = { colorize, translateTime: 'SYS:HH:MM:ss', singleLine: false };
  const formatEntry = prettyFactory({ ...common, ignore: 'pid,hostname' });
  // "GET /api/stats 200 3.1 ms": the fields of request-log.ts become the message itself.
  const formatRequest = prettyFactory({
    ...common,
    ignore: 'pid,hostname,reqId,method,url,status,ms,user',
    messageFormat: '{method} {url} {status} {ms} ms',
  });
  return {
    write(line: string) {
      let entry: { msg?: unknown };
      try {
        entry = JSON.parse(line) as { msg?: unknown };
      } catch {
        out.write(line);
        return;
      }
      out.write((entry.msg === 'request' ? formatRequest : formatEntry)(entry));
    },
  };
}
