import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { MessageList } from './MessageList';
import { ada, chatMessage, grace, listProps } from './message-list.fixtures';

afterEach(cleanup);
beforeAll(() => {
  // jsdom has no layout: scrolling is a no-op here.
  Element.prototype.scrollTo = function scrollTo() {};
});

function renderMessages(contents: string[]) {
  render(
    <MemoryRouter>
      <MessageList
        {...listProps({
          messages: contents.map((content, i) => chatMessage(`m${i}`, grace, { content })),
          loaded: true,
          repoName: 'octo/hello',
          currentUserId: ada.id,
          knownUsernames: new Set(),
          people: new Map(),
          editingId: null,
          onEditingChange: vi.fn(),
          hasOlder: false,
          loadingOlder: false,
          onLoadOlder: vi.fn(),
          onEdit: vi.fn(),
          onDelete: vi.fn(),
          onCopy: vi.fn(),
          onCopyLink: vi.fn(),
          onToggleReaction: vi.fn(),
          onRetry: vi.fn(),
        })}
      />
    </MemoryRouter>,
  );
}

it('folds a message of 500 lines behind "Show more", and "Show less" folds it again', async () => {
  const user = userEvent.setup();
  const long = Array.from({ length: 500 }, (_, i) => `line ${i + 1}`).join('\n');
  renderMessages(['a short one\nof two lines', long]);
  const [short, tall] = screen.getAllByTestId('message');

  // A short message shows whole, with no button.
  expect(within(short!).queryByRole('button', { name: 'Show more' })).toBeNull();
  expect(short!.querySelector('[data-folded]')).toBeNull();

  const more = within(tall!).getByRole('button', { name: 'Show more' });
  expect(more.getAttribute('aria-expanded')).toBe('false');
  expect(tall!.querySelector('[data-folded="true"]')).not.toBeNull();

  await user.click(more);
  const less = within(tall!).getByRole('button', { name: 'Show less' });
  expect(less.getAttribute('aria-expanded')).toBe('true');
  expect(tall!.querySelector('[data-folded]')).toBeNull();
  expect(within(tall!).getByText(/line 500/)).toBeTruthy();

  await user.click(less);
  expect(within(tall!).getByRole('button', { name: 'Show more' })).toBeTruthy();
  expect(tall!.querySelector('[data-folded="true"]')).not.toBeNull();
});

it('folds from the 26th line on: 25 lines still show whole', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `row ${i + 1}`).join('\n');
  renderMessages([lines(25), lines(26)]);
  const [edge, over] = screen.getAllByTestId('message');
  expect(within(edge!).queryByRole('button', { name: 'Show more' })).toBeNull();
  expect(within(over!).getByRole('button', { name: 'Show more' })).toBeTruthy();
});
