import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { isInteractiveTerminal, terminalLogDestination } from './terminal-log';

function capture(): { out: { write(text: string): void }; text: () => string } {
  let text = '';
  return { out: { write: (chunk: string) => void (text += chunk) }, text: () => text };
}

describe('terminal log', () => {
  it('is used only for a terminal outside production', () => {
    expect(isInteractiveTerminal({ isTTY: true, write: () => true }, {})).toBe(true);
    expect(isInteractiveTerminal({ isTTY: true, write: () => true }, { NODE_ENV: 'development' })).toBe(true);
    expect(isInteractiveTerminal({ isTTY: true, write: () => true }, { NODE_ENV: 'production' })).toBe(false);
    expect(isInteractiveTerminal({ isTTY: false, write: () => true }, {})).toBe(false);
    expect(isInteractiveTerminal({ write: () => true }, {})).toBe(false);
  });

  it('writes a request as one short readable line', () => {
    const { out, text } = capture();
    const logger = pino({ level: 'info' }, terminalLogDestination(out, false));
    logger.child({ reqId: 'req-7' }).info({ method: 'GET', url: '/api/stats', status: 200, ms: 3.1 }, 'request');
    const lines = text().trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/stats 200 3\.1 ms$/);
  });

  it('keeps the details of other entries, without pid and hostname', () => {
    const { out, text } = capture();
    const logger = pino({ level: 'info' }, terminalLogDestination(out, false));
    logger.warn({ roomId: 'r1' }, 'presence publish failed');
    expect(text()).toMatch(/WARN: presence publish failed/);
    expect(text()).toMatch(/roomId: "r1"/);
    expect(text()).not.toMatch(/pid|hostname|\{"level"/);
  });
});
