import type { MessageToken } from './message-tokens';

/**
 * Formatting of a tokenized message: **bold**, *italic* and _italic_, ~~strikethrough~~, and "> "
 * quote lines, built as a tree the message renders as React elements (never HTML). Links,
 * GitHub references, mentions, inline code and escaped characters are never split or formatted inside; a marker
 * opens only before a non-space and closes only after one, on the same line, and `*`/`_` never
 * inside a word (snake_case and 2*3*4 stay as written). A run of markers other than `*`, `**`,
 * `_` and `~~` (`__init__`, `***`, `~`) is text.
 */

export type InlineNode =
  | { type: 'text'; text: string }
  | { type: 'inline-code'; text: string }
  | { type: 'link'; text: string; href: string }
  | { type: 'mention'; text: string; username: string; known: boolean }
  | { type: 'reference'; text: string; href: string; repo: string; number: number }
  | { type: 'strong' | 'em' | 'del'; children: InlineNode[] };

export type BlockNode =
  | { type: 'code'; text: string; language: string | null }
  | { type: 'quote'; children: InlineNode[] }
  | { type: 'inline'; children: InlineNode[] };

type Atom = Exclude<MessageToken, { type: 'text' } | { type: 'code' }>;
type Unit = { ch: string } | { atom: Atom };
type Line = { tokens: MessageToken[]; newline: boolean };

/** A run of one marker character: "*" is italic, "**" bold, "_" italic, "~~" strikethrough. */
type Marker = '*' | '**' | '_' | '~~';
const KIND: Record<Marker, 'strong' | 'em' | 'del'> = { '**': 'strong', '~~': 'del', '*': 'em', _: 'em' };
const MARKER_CHARS = new Set(['*', '_', '~']);
const WORD_CHAR = /[\p{L}\p{N}]/u;
const SPACE = /\s/u;

export function formatMessage(tokens: MessageToken[]): BlockNode[] {
  const blocks: BlockNode[] = [];
  let lines: Line[] = [];
  const flush = () => {
    blocks.push(...groupLines(lines));
    lines = [];
  };
  let current: MessageToken[] = [];
  for (const token of tokens) {
    if (token.type === 'code') {
      if (current.length > 0) lines.push({ tokens: current, newline: false });
      current = [];
      flush();
      blocks.push(token);
      continue;
    }
    if (token.type !== 'text') {
      current.push(token);
      continue;
    }
    const parts = token.text.split('\n');
    parts.forEach((part, index) => {
      if (part) current.push({ type: 'text', text: part });
      if (index < parts.length - 1) {
        lines.push({ tokens: current, newline: true });
        current = [];
      }
    });
  }
  if (current.length > 0) lines.push({ tokens: current, newline: false });
  flush();
  return blocks;
}

/** Consecutive "> " lines become one quote; the rest stay lines of text with their line breaks. */
function groupLines(lines: Line[]): BlockNode[] {
  const blocks: BlockNode[] = [];
  let run: MessageToken[] = [];
  let quote: MessageToken[] | null = null;
  const endRun = () => {
    const children = formatInline(run);
    if (children.length > 0) blocks.push({ type: 'inline', children });
    run = [];
  };
  const endQuote = () => {
    if (quote) blocks.push({ type: 'quote', children: formatInline(quote) });
    quote = null;
  };
  for (const line of lines) {
    const body = quotedBody(line.tokens);
    if (body) {
      if (!quote) {
        // The quote is a block of its own: the line break before it is not shown twice.
        const last = run[run.length - 1];
        if (last?.type === 'text' && last.text.endsWith('\n')) last.text = last.text.slice(0, -1);
        endRun();
        quote = [];
      } else {
        quote.push({ type: 'text', text: '\n' });
      }
      quote.push(...body);
      continue;
    }
    endQuote();
    run.push(...line.tokens);
    if (line.newline) run.push({ type: 'text', text: '\n' });
  }
  endQuote();
  endRun();
  return blocks.map((block) => (block.type === 'inline' ? { ...block, children: mergeText(block.children) } : block));
}

/** The tokens of a line after its "> " (or a lone ">"); null when it is not a quote line. */
function quotedBody(tokens: MessageToken[]): MessageToken[] | null {
  const first = tokens[0];
  if (first?.type !== 'text' || !first.text.startsWith('>')) return null;
  const rest = first.text.startsWith('> ') ? first.text.slice(2) : first.text.slice(1);
  if (rest.length > 0 && first.text[1] !== ' ') return null;
  return [...(rest ? [{ type: 'text' as const, text: rest }] : []), ...tokens.slice(1)];
}

function formatInline(tokens: MessageToken[]): InlineNode[] {
  const units: Unit[] = [];
  for (const token of tokens) {
    if (token.type === 'text') for (const ch of token.text) units.push({ ch });
    else if (token.type !== 'code') units.push({ atom: token });
  }
  return mergeText(parse(units, 0, units.length));
}

function charAt(units: Unit[], index: number): string | null {
  const unit = units[index];
  return unit && 'ch' in unit ? unit.ch : null;
}

/** How many times the character at `index` repeats from there (a delimiter run), within `end`. */
function runLength(units: Unit[], index: number, end: number): number {
  const ch = charAt(units, index);
  if (ch === null || !MARKER_CHARS.has(ch)) return 0;
  let length = 1;
  while (index + length < end && charAt(units, index + length) === ch) length += 1;
  return length;
}

/** The marker a whole run stands for; null for runs that are text ("__", "***", "~", …). */
function markerOf(ch: string, length: number): Marker | null {
  const run = ch.repeat(length);
  return run === '*' || run === '**' || run === '_' || run === '~~' ? run : null;
}

/** Whether the unit at `index` is text a marker may touch (an atom or a non-space character). */
function isSolid(units: Unit[], index: number): boolean {
  const unit = units[index];
  if (!unit) return false;
  return 'atom' in unit || !SPACE.test(unit.ch);
}

function isWordChar(units: Unit[], index: number): boolean {
  const ch = charAt(units, index);
  return ch !== null && WORD_CHAR.test(ch);
}

function canOpen(units: Unit[], index: number, marker: Marker): boolean {
  if (!isSolid(units, index + marker.length)) return false;
  return marker.length === 2 || !isWordChar(units, index - 1);
}

function findClose(units: Unit[], from: number, end: number, marker: Marker): number {
  let k = from;
  while (k < end) {
    // Formatting stays within its line, as in the composer's one-line habits: a stray marker can
    // never reach into the next line.
    if (charAt(units, k) === '\n') return -1;
    const length = runLength(units, k, end);
    if (length === 0) {
      k += 1;
      continue;
    }
    const ch = charAt(units, k) ?? '';
    if (markerOf(ch, length) === marker && k > from && isSolid(units, k - 1)) {
      if (marker.length === 2 || !isWordChar(units, k + length)) return k;
    }
    // A run is one piece: "**" never closes a "*", "__" is text.
    k += length;
  }
  return -1;
}

function parse(units: Unit[], from: number, to: number): InlineNode[] {
  const out: InlineNode[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', text });
    text = '';
  };
  let i = from;
  while (i < to) {
    const unit = units[i];
    if (!unit) break;
    if ('atom' in unit) {
      flush();
      const atom = unit.atom;
      out.push(atom.type === 'literal' ? { type: 'text', text: atom.text } : atom);
      i += 1;
      continue;
    }
    const length = runLength(units, i, to);
    if (length === 0) {
      text += unit.ch;
      i += 1;
      continue;
    }
    const marker = markerOf(unit.ch, length);
    if (marker && canOpen(units, i, marker)) {
      const close = findClose(units, i + length, to, marker);
      if (close !== -1) {
        flush();
        out.push({ type: KIND[marker], children: mergeText(parse(units, i + length, close)) });
        i = close + length;
        continue;
      }
    }
    text += unit.ch.repeat(length);
    i += length;
  }
  flush();
  return out;
}

function mergeText(nodes: InlineNode[]): InlineNode[] {
  const merged: InlineNode[] = [];
  for (const node of nodes) {
    const previous = merged[merged.length - 1];
    if (node.type === 'text' && previous?.type === 'text')
      merged[merged.length - 1] = { type: 'text', text: previous.text + node.text };
    else if (node.type !== 'text' || node.text.length > 0) merged.push(node);
  }
  return merged;
}
