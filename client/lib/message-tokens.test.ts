import { describe, expect, it } from 'vitest';
import { tokenizeMessage } from './message-tokens';

describe('tokenizeMessage', () => {
  it('keeps plain text as one text token', () => {
    expect(tokenizeMessage('hello <b>world</b> & co')).toEqual([{ type: 'text', text: 'hello <b>world</b> & co' }]);
  });

  it('returns nothing for empty text', () => {
    expect(tokenizeMessage('')).toEqual([]);
  });

  it('turns fenced blocks into code tokens, with an optional language line', () => {
    expect(tokenizeMessage('before ```ts\nconst a = 1;\n``` after')).toEqual([
      { type: 'text', text: 'before ' },
      { type: 'code', language: 'ts', text: 'const a = 1;' },
      { type: 'text', text: ' after' },
    ]);
    expect(tokenizeMessage('```npm test```')).toEqual([{ type: 'code', language: null, text: 'npm test' }]);
  });

  it('does not link or mention inside code blocks', () => {
    expect(tokenizeMessage('```\nsee https://example.com @ada-demo\n```')).toEqual([
      { type: 'code', language: null, text: 'see https://example.com @ada-demo' },
    ]);
  });

  it('leaves an unclosed fence as text', () => {
    expect(tokenizeMessage('```oops')).toEqual([{ type: 'text', text: '```oops' }]);
  });

  it('links http and https URLs, leaving trailing punctuation outside', () => {
    expect(tokenizeMessage('docs: https://example.com/a?b=1#c, and http://x.org.')).toEqual([
      { type: 'text', text: 'docs: ' },
      { type: 'link', text: 'https://example.com/a?b=1#c', href: 'https://example.com/a?b=1#c' },
      { type: 'text', text: ', and ' },
      { type: 'link', text: 'http://x.org', href: 'http://x.org' },
      { type: 'text', text: '.' },
    ]);
  });

  it('keeps a closing parenthesis that belongs to the URL', () => {
    const tokens = tokenizeMessage('(see https://en.wikipedia.org/wiki/Foo_(bar))');
    expect(tokens).toContainEqual({
      type: 'link',
      text: 'https://en.wikipedia.org/wiki/Foo_(bar)',
      href: 'https://en.wikipedia.org/wiki/Foo_(bar)',
    });
    expect(tokens[tokens.length - 1]).toEqual({ type: 'text', text: ')' });
  });

  it('never links javascript:, data: or other schemes', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'JAVASCRIPT://example.com/%0Aalert(1)',
      'ftp://example.com/file',
      'vbscript:msgbox',
    ]) {
      expect(tokenizeMessage(text).some((token) => token.type === 'link')).toBe(false);
    }
  });

  it('does not link a bare scheme with no host', () => {
    expect(tokenizeMessage('https://')).toEqual([{ type: 'text', text: 'https://' }]);
  });

  it('marks mentions of known members (case-insensitively) and leaves others muted', () => {
    expect(tokenizeMessage('hi @Ada-Demo and @stranger!', ['ada-demo'])).toEqual([
      { type: 'text', text: 'hi ' },
      { type: 'mention', text: '@Ada-Demo', username: 'Ada-Demo', known: true },
      { type: 'text', text: ' and ' },
      { type: 'mention', text: '@stranger', username: 'stranger', known: false },
      { type: 'text', text: '!' },
    ]);
  });

  it('requires 3 to 20 name characters and a word boundary before the @', () => {
    expect(tokenizeMessage('@ab').some((t) => t.type === 'mention')).toBe(false);
    expect(tokenizeMessage(`@${'a'.repeat(21)}`).some((t) => t.type === 'mention')).toBe(false);
    expect(tokenizeMessage(`@${'a'.repeat(20)}`)).toEqual([
      { type: 'mention', text: `@${'a'.repeat(20)}`, username: 'a'.repeat(20), known: false },
    ]);
    expect(tokenizeMessage('mail me@example.com').some((t) => t.type === 'mention')).toBe(false);
  });

  it('handles links and mentions side by side', () => {
    expect(tokenizeMessage('@ada-demo https://github.com/x/y', ['ada-demo']).map((t) => t.type)).toEqual([
      'mention',
      'text',
      'link',
    ]);
  });
});

describe('tokenizeMessage with bidirectional and invisible characters', () => {
  it('drops a right-to-left override so a link shows its real order', () => {
    expect(tokenizeMessage('get https://evil.example/\u202Egpj.exe\u202C now')).toEqual([
      { type: 'text', text: 'get ' },
      { type: 'link', text: 'https://evil.example/gpj.exe', href: 'https://evil.example/gpj.exe' },
      { type: 'text', text: ' now' },
    ]);
  });

  it('drops embedding and isolate controls in text and code too', () => {
    expect(tokenizeMessage('a\u202Bb\u2067c ```\u202Ed\u2069```')).toEqual([
      { type: 'text', text: 'abc ' },
      { type: 'code', language: null, text: 'd' },
    ]);
  });

  it('ends a link at an invisible character, so its text is exactly where it goes', () => {
    const tokens = tokenizeMessage('https://git\u200Dhub.com/x and https://a.example/b\u200Bc');
    const links = tokens.filter((token) => token.type === 'link');
    expect(links).toEqual([
      { type: 'link', text: 'https://git', href: 'https://git' },
      { type: 'link', text: 'https://a.example/b', href: 'https://a.example/b' },
    ]);
  });

  it('keeps right-to-left text and emoji sequences outside links as they are', () => {
    expect(tokenizeMessage('שלום 👨‍👩‍👧 ❤️ مرحبا')).toEqual([{ type: 'text', text: 'שלום 👨‍👩‍👧 ❤️ مرحبا' }]);
  });
});

describe('tokenizeMessage GitHub references', () => {
  const context = { repo: 'vitejs/vite', webUrl: 'https://ghe.example/web' };

  it('reads #N of the room, owner/repo#N and issue addresses of github.com and the configured origin', () => {
    expect(
      tokenizeMessage('#1, a/b#2 https://github.com/c/d/pull/3 https://ghe.example/web/e/f/issues/4.', [], context),
    ).toEqual([
      {
        type: 'reference',
        text: '#1',
        href: 'https://ghe.example/web/vitejs/vite/issues/1',
        repo: 'vitejs/vite',
        number: 1,
      },
      { type: 'text', text: ', ' },
      { type: 'reference', text: 'a/b#2', href: 'https://ghe.example/web/a/b/issues/2', repo: 'a/b', number: 2 },
      { type: 'text', text: ' ' },
      {
        type: 'reference',
        text: 'https://github.com/c/d/pull/3',
        href: 'https://github.com/c/d/pull/3',
        repo: 'c/d',
        number: 3,
      },
      { type: 'text', text: ' ' },
      {
        type: 'reference',
        text: 'https://ghe.example/web/e/f/issues/4',
        href: 'https://ghe.example/web/e/f/issues/4',
        repo: 'e/f',
        number: 4,
      },
      { type: 'text', text: '.' },
    ]);
  });

  it('leaves #N as text without a room, and inside code, escapes and words', () => {
    expect(tokenizeMessage('#1').map((t) => t.type)).toEqual(['text']);
    const tokens = tokenizeMessage('`#1` \\#2 x#3 ```\n#4\n``` #5', [], context);
    expect(tokens.filter((t) => t.type === 'reference').map((t) => t.text)).toEqual(['#5']);
  });
});
