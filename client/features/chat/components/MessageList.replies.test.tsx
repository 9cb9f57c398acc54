import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import type { ChatMessage } from '../state/messages-state';
import { MessageList } from './MessageList';
import { ada, chatMessage, grace, listProps } from './message-list.fixtures';

afterEach(cleanup);
beforeAll(() => {
  // jsdom has no layout: scrolling is a no-op here.
  Element.prototype.scrollTo = function scrollTo() {};
});

const message = chatMessage;

const quoteOf = (id: string, author: typeof ada, excerpt: string, deleted = false) => ({
  message_id: id,
  user_id: author.id,
  author,
  excerpt,
  deleted,
});

function setup(messages: ChatMessage[]) {
  const actions = {
    onEdit: vi.fn(),
    onDelete: vi.fn(),
    onCopy: vi.fn(),
    onCopyLink: vi.fn(),
    onToggleReaction: vi.fn(),
    onRetry: vi.fn(),
    onLoadOlder: vi.fn(),
    onReply: vi.fn(),
    onOpenMessage: vi.fn(),
  };
  function Harness() {
    const [editingId, setEditingId] = useState<string | null>(null);
    return (
      <MessageList
        {...listProps({
          messages: messages,
          loaded: true,
          repoName: 'octo/hello',
          currentUserId: 'u1',
          knownUsernames: new Set(['ada-demo', 'grace-demo']),
          people: new Map([ada, grace].map((person) => [person.id, person])),
          hasOlder: false,
          loadingOlder: false,
          editingId: editingId,
          onEditingChange: setEditingId,
          ...actions,
        })}
      />
    );
  }
  render(
    <MemoryRouter>
      <Harness />
    </MemoryRouter>,
  );
  return { actions, user: userEvent.setup() };
}

describe('MessageList replies', { timeout: 20_000 }, () => {
  it('offers Reply first in the message menu', async () => {
    const t = setup([message('m1', grace)]);
    await t.user.click(within(screen.getByTestId('message')).getByRole('button', { name: 'Message actions' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent?.trim())).toEqual([
      'Reply',
      'Copy text',
      'Copy link',
    ]);
    await t.user.click(await screen.findByRole('menuitem', { name: 'Reply' }));
    expect(t.actions.onReply).toHaveBeenCalledWith('m1');
  });

  it('quotes the original (author and first line); a click highlights it when it is on screen', async () => {
    const t = setup([
      message('m1', grace, { content: 'How do I build?' }),
      message('m2', ada, { content: 'With make', reply_to: quoteOf('m1', grace, 'How do I build?') }),
    ]);
    const [original, answer] = screen.getAllByTestId('message');
    const quote = within(answer!).getByTestId('reply-quote');
    expect(quote.textContent).toBe('GraceHow do I build?');
    expect(original!.getAttribute('data-highlighted')).toBeNull();
    await t.user.click(quote);
    expect(original!.getAttribute('data-highlighted')).toBe('true');
    expect(t.actions.onOpenMessage).not.toHaveBeenCalled();
  });

  it('opens the room at an original that is not loaded', async () => {
    const t = setup([message('m2', ada, { reply_to: quoteOf('m0', grace, 'long ago') })]);
    await t.user.click(screen.getByTestId('reply-quote'));
    expect(t.actions.onOpenMessage).toHaveBeenCalledWith('m0');
  });

  it('says "Original message was deleted" for a deleted original, never its text', () => {
    setup([message('m2', ada, { reply_to: quoteOf('m1', grace, '', true) })]);
    expect(screen.getByTestId('reply-quote').textContent).toBe('Original message was deleted');
  });

  it('renders quoted text as text, never as markup', () => {
    setup([message('m2', ada, { reply_to: quoteOf('m1', grace, '<img src=x onerror=alert(1)>') })]);
    expect(screen.getByTestId('reply-quote').textContent).toBe('Grace<img src=x onerror=alert(1)>');
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});
