import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageContent } from './MessageContent';

afterEach(cleanup);

const known = new Set(['ada-demo']);

describe('MessageContent', () => {
  it('renders markup as text, never as HTML', () => {
    const { container } = render(
      <MessageContent content={'<img src=x onerror="alert(1)"><script>alert(2)</script>'} knownUsernames={known} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"><script>alert(2)</script>');
  });

  it('links http(s) URLs into a new tab with a safe rel', () => {
    render(<MessageContent content="see https://example.com/docs." knownUsernames={known} />);
    const link = screen.getByRole('link', { name: 'https://example.com/docs' });
    expect(link.getAttribute('href')).toBe('https://example.com/docs');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
  });

  it('does not link javascript: or data: addresses', () => {
    render(<MessageContent content="javascript:alert(1) data:text/html,hi" knownUsernames={known} />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('renders fenced code as a code block', () => {
    const { container } = render(<MessageContent content={'run ```npm test``` now'} knownUsernames={known} />);
    expect(container.querySelector('pre code')?.textContent).toBe('npm test');
  });

  it('highlights known mentions and mutes unknown ones', () => {
    const { container } = render(<MessageContent content="@ada-demo meet @nobody-here" knownUsernames={known} />);
    expect(container.querySelector('[data-mention="known"]')?.textContent).toBe('@ada-demo');
    expect(container.querySelector('[data-mention="unknown"]')?.textContent).toBe('@nobody-here');
  });
});

describe('mentions', () => {
  it("link a member's handle to their public profile; an unknown handle stays text", () => {
    const { container } = render(<MessageContent content="@ada-demo meet @nobody-here" knownUsernames={known} />);
    const link = container.querySelector('a[data-mention="known"]');
    expect(link?.getAttribute('href')).toBe('/user/ada-demo');
    expect(container.querySelector('a[data-mention="unknown"]')).toBeNull();
  });
});
