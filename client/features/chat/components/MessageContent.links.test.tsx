import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageContent } from './MessageContent';

afterEach(cleanup);

describe('MessageContent links and bidirectional text', () => {
  it('shows a link without the override that would reverse it, isolated left-to-right', () => {
    render(<MessageContent content={'مرحبا https://evil.example/\u202Egpj.exe\u202C'} knownUsernames={new Set()} />);
    const link = screen.getByRole('link');
    expect(link.textContent).toBe('https://evil.example/gpj.exe');
    expect(link.getAttribute('href')).toBe('https://evil.example/gpj.exe');
    expect(link.getAttribute('dir')).toBe('ltr');
  });
});
