import { describe, expect, it } from 'vitest';
import { formatMessage, type BlockNode } from './message-format';
import { tokenizeMessage } from './message-tokens';

const format = (text: string, known: string[] = []): BlockNode[] => formatMessage(tokenizeMessage(text, known));
const inline = (text: string, known: string[] = []) => {
  const blocks = format(text, known);
  expect(blocks).toHaveLength(1);
  const block = blocks[0];
  if (block?.type !== 'inline') throw new Error(`expected one inline block, got ${JSON.stringify(blocks)}`);
  return block.children;
};

describe('formatMessage', () => {
  it('reads bold, italic (both markers), strikethrough and inline code', () => {
    expect(inline('a **b** *c* _d_ ~~e~~ `f`')).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'strong', children: [{ type: 'text', text: 'b' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'c' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'd' }] },
      { type: 'text', text: ' ' },
      { type: 'del', children: [{ type: 'text', text: 'e' }] },
      { type: 'text', text: ' ' },
      { type: 'inline-code', text: 'f' },
    ]);
  });

  it('nests formatting, and formats around links and mentions without touching them', () => {
    expect(inline('**bold *and italic* @ada-demo https://x.org/a_b_c**', ['ada-demo'])).toEqual([
      {
        type: 'strong',
        children: [
          { type: 'text', text: 'bold ' },
          { type: 'em', children: [{ type: 'text', text: 'and italic' }] },
          { type: 'text', text: ' ' },
          { type: 'mention', text: '@ada-demo', username: 'ada-demo', known: true },
          { type: 'text', text: ' ' },
          { type: 'link', text: 'https://x.org/a_b_c', href: 'https://x.org/a_b_c' },
        ],
      },
    ]);
  });

  it('leaves words, arithmetic, spaced markers and unclosed markers as written', () => {
    for (const text of ['snake_case_name', '2*3*4', 'a * b * c', '** not bold **', '*open only', 'a_b_', '~~~']) {
      expect(inline(text), text).toEqual([{ type: 'text', text }]);
    }
  });

  it('shows a marker after a backslash as itself', () => {
    expect(inline('\\*not italic\\* and \\`not code\\` and \\\\')).toEqual([
      { type: 'text', text: '*not italic* and `not code` and \\' },
    ]);
  });

  it('never formats, links or mentions inside code', () => {
    expect(inline('`**x** @ada-demo https://x.org`', ['ada-demo'])).toEqual([
      { type: 'inline-code', text: '**x** @ada-demo https://x.org' },
    ]);
    expect(format('```\n**x** _y_\n```')).toEqual([{ type: 'code', language: null, text: '**x** _y_' }]);
  });

  it('makes consecutive "> " lines one quote, formatted inside', () => {
    expect(format('I think\n> it **was** here\n> and there\nright?')).toEqual([
      { type: 'inline', children: [{ type: 'text', text: 'I think' }] },
      {
        type: 'quote',
        children: [
          { type: 'text', text: 'it ' },
          { type: 'strong', children: [{ type: 'text', text: 'was' }] },
          { type: 'text', text: ' here\nand there' },
        ],
      },
      { type: 'inline', children: [{ type: 'text', text: 'right?' }] },
    ]);
  });

  it('does not read ">" inside a line, "\\>" or ">word" as a quote', () => {
    for (const text of ['a > b', '\\> not a quote', '>not a quote']) {
      expect(
        format(text).map((block) => block.type),
        text,
      ).toEqual(['inline']);
    }
  });

  it('keeps code blocks between text and quotes in order', () => {
    expect(format('see\n```ts\nconst a = 1;\n```\n> quoted').map((block) => block.type)).toEqual([
      'inline',
      'code',
      'quote',
    ]);
  });

  it('stays fast on hostile input', () => {
    const started = performance.now();
    format(`${'*_~'.repeat(300)}${'**'.repeat(100)}`);
    // Generous bound: a quadratic scan of 1,100 characters, not an exponential one.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
