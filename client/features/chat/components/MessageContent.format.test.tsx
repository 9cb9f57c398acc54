import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageContent } from './MessageContent';

afterEach(cleanup);

const show = (content: string) => {
  render(<MessageContent content={content} knownUsernames={new Set(['ada-demo'])} />);
  return screen.getByTestId('message-content');
};

describe('MessageContent formatting', () => {
  it('draws bold, italic, strikethrough, inline code and quotes as elements', () => {
    const content = show('**bold** *it* _also_ ~~gone~~ `x = 1`\n> quoted **line**\nafter');
    expect(content.querySelector('strong')?.textContent).toBe('bold');
    expect([...content.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['it', 'also']);
    expect(content.querySelector('del')?.textContent).toBe('gone');
    expect(content.querySelector('code')?.textContent).toBe('x = 1');
    const quote = content.querySelector('blockquote');
    expect(quote?.textContent).toBe('quoted line');
    expect(quote?.querySelector('strong')?.textContent).toBe('line');
    expect(content.textContent).toBe('bold it also gone x = 1quoted lineafter');
  });

  it('keeps markup-looking text as text, also inside formatting', () => {
    const content = show('**<img src=x onerror=alert(1)>** `<script>alert(1)</script>`');
    expect(content.querySelector('img')).toBeNull();
    expect(content.querySelector('script')).toBeNull();
    expect(content.querySelector('strong')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('highlights a fenced block with a known language once the highlighter has loaded', async () => {
    const content = show('```ts\nconst answer: number = 42; // why\n```');
    const pre = content.querySelector('pre');
    expect(pre?.getAttribute('data-language')).toBe('ts');
    await waitFor(() => expect(pre?.getAttribute('data-highlighted-code')).toBe('true'));
    expect(pre?.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(pre?.querySelector('.hljs-number')?.textContent).toBe('42');
    expect(pre?.querySelector('.hljs-comment')?.textContent).toBe('// why');
    expect(pre?.textContent).toBe('const answer: number = 42; // why');
  });

  it('leaves a block in an unknown language, or none, as plain text', async () => {
    const content = show('```nosuchlang\nplain <b>text</b>\n```');
    const pre = content.querySelector('pre');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pre?.getAttribute('data-highlighted-code')).toBeNull();
    expect(pre?.textContent).toBe('plain <b>text</b>');
    expect(pre?.querySelector('b')).toBeNull();
  });
});
