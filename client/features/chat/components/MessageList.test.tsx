import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../state/messages-state';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { MessageList } from './MessageList';
import { ada, chatMessage, grace, listProps, type FlatListProps } from './message-list.fixtures';

afterEach(cleanup);
beforeAll(() => {
  // jsdom has no layout: scrolling is a no-op here.
  Element.prototype.scrollTo = function scrollTo() {};
});

const message = chatMessage;

function Harness(props: Omit<FlatListProps, 'editingId' | 'onEditingChange'>) {
  const [editingId, setEditingId] = useState<string | null>(null);
  return <MessageList {...listProps({ ...props, editingId, onEditingChange: setEditingId })} />;
}

function setup(
  messages: ChatMessage[],
  extra: { onRemove?: (id: string) => void; moderatorIds?: ReadonlySet<string> } = {},
) {
  const actions = {
    onEdit: vi.fn(),
    onDelete: vi.fn(),
    onCopy: vi.fn(),
    onCopyLink: vi.fn(),
    onToggleReaction: vi.fn(),
    onRetry: vi.fn(),
    onLoadOlder: vi.fn(),
  };
  render(
    <MemoryRouter>
      <Harness
        messages={messages}
        loaded
        repoName="octo/hello"
        currentUserId="u1"
        knownUsernames={new Set(['ada-demo', 'grace-demo'])}
        people={new Map([ada, grace].map((person) => [person.id, person]))}
        hasOlder={false}
        loadingOlder={false}
        {...actions}
        {...extra}
      />
    </MemoryRouter>,
  );
  return { actions, user: userEvent.setup() };
}

async function openMenu(item: HTMLElement): Promise<void> {
  await userEvent.click(within(item).getByRole('button', { name: 'Message actions' }));
}

// user-event drives many steps; a busy machine can make one test take seconds.
describe('MessageList', { timeout: 20_000 }, () => {
  it('shows the empty state with the repository name', () => {
    setup([]);
    expect(screen.getByText('Welcome to the discussion')).toBeTruthy();
    expect(
      screen.getByText('This is the beginning of your conversation about octo/hello. Start by saying hello!'),
    ).toBeTruthy();
  });

  it('labels own messages You, groups consecutive messages by one author and shows each time', () => {
    setup([message('m1', grace), message('m2', grace), message('m3', ada), message('m4', grace)]);
    expect(screen.getAllByTestId('message-author').map((el) => el.textContent)).toEqual(['Grace', 'You', 'Grace']);
    expect(screen.getAllByRole('time')).toHaveLength(4);
  });

  it('offers Edit and Delete only on own messages, Copy text and Copy link on all', async () => {
    const t = setup([message('m1', grace), message('m2', ada)]);
    const [theirs, mine] = screen.getAllByTestId('message');
    await t.user.click(within(theirs!).getByRole('button', { name: 'Message actions' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent?.trim())).toEqual([
      'Copy text',
      'Copy link',
    ]);
    await t.user.click(await screen.findByRole('menuitem', { name: 'Copy text' }));
    expect(t.actions.onCopy).toHaveBeenCalledWith('text m1');
    await t.user.click(within(mine!).getByRole('button', { name: 'Message actions' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent?.trim())).toEqual([
      'Edit',
      'Copy text',
      'Copy link',
      'Delete',
    ]);
    await t.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    // Delete asks first: Cancel keeps the message, Delete deletes it.
    const dialog = await screen.findByRole('dialog', { name: 'Delete message?' });
    await t.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(t.actions.onDelete).not.toHaveBeenCalled();
    await t.user.click(within(mine!).getByRole('button', { name: 'Message actions' }));
    await t.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await t.user.click(
      within(await screen.findByRole('dialog', { name: 'Delete message?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(t.actions.onDelete).toHaveBeenCalledWith('m2');
  });

  it('offers a moderator Remove message on others’ messages, after a confirmation; badges moderators', async () => {
    const onRemove = vi.fn();
    setup([message('m1', grace), message('m2', ada)], { onRemove, moderatorIds: new Set([ada.id]) });
    const [theirs, mine] = screen.getAllByTestId('message');
    expect(within(mine!).getByTestId('maintainer-badge').textContent).toBe('Maintainer');
    expect(within(theirs!).queryByTestId('maintainer-badge')).toBeNull();
    await openMenu(theirs!);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent?.trim())).toEqual([
      'Copy text',
      'Copy link',
      'Remove message',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove message' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove message?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove message' }));
    expect(onRemove).toHaveBeenCalledWith('m1');
    await openMenu(mine!);
    expect(screen.queryByRole('menuitem', { name: 'Remove message' })).toBeNull();
  });

  it('shows a removed message as removed by a moderator', () => {
    setup([{ ...message('m1', grace), deleted: true, content: '', removed_by_moderator: true }]);
    expect(screen.getByTestId('message-deleted').textContent).toBe('Message removed by a moderator');
  });

  it('edits inline with Save and Cancel, ignoring a blank edit', async () => {
    const t = setup([message('m1', ada)]);
    const item = screen.getByTestId('message');
    await t.user.click(within(item).getByRole('button', { name: 'Message actions' }));
    await t.user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edit message' });
    await t.user.clear(box);
    await t.user.type(box, '   ');
    await t.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(t.actions.onEdit).not.toHaveBeenCalled();
    await t.user.click(within(item).getByRole('button', { name: 'Message actions' }));
    await t.user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await t.user.type(screen.getByRole('textbox', { name: 'Edit message' }), ' more');
    await t.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(t.actions.onEdit).not.toHaveBeenCalled();
    await t.user.click(within(item).getByRole('button', { name: 'Message actions' }));
    await t.user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await t.user.type(screen.getByRole('textbox', { name: 'Edit message' }), ' more');
    await t.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(t.actions.onEdit).toHaveBeenCalledWith('m1', 'text m1 more');
  });

  it('reacts from the palette and toggles through the chips', async () => {
    const t = setup([
      message('m1', grace, {
        reactions: [
          { id: 'r1', message_id: 'm1', user_id: 'u2', emoji: '👍' },
          { id: 'r2', message_id: 'm1', user_id: 'u1', emoji: '👍' },
        ],
      }),
    ]);
    const chip = screen.getByRole('button', { name: /👍 2/ });
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    await t.user.click(chip);
    expect(t.actions.onToggleReaction).toHaveBeenCalledWith('m1', '👍');
    await t.user.click(screen.getByRole('button', { name: 'Add reaction' }));
    const palette = await screen.findAllByRole('button', { name: /^React with / });
    expect(palette.map((b) => b.textContent)).toEqual(['👍', '🎉', '❤️', '😄', '😢', '👀']);
    await t.user.click(screen.getByRole('button', { name: 'React with eyes' }));
    expect(t.actions.onToggleReaction).toHaveBeenLastCalledWith('m1', '👀');
  });

  it('keeps a failed message with its error and a Retry that resends the same client id', async () => {
    const t = setup([
      message('local:abc', ada, { client_id: 'abc', status: 'failed', error: 'Failed to send message' }),
    ]);
    expect(screen.getByRole('alert').textContent).toContain('Failed to send message');
    expect(screen.queryByRole('button', { name: 'Message actions' })).toBeNull();
    await t.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(t.actions.onRetry).toHaveBeenCalledWith('abc');
  });

  it('shows each author with their @handle and links name and avatar to the public profile', () => {
    setup([message('m1', grace), message('m2', ada)]);
    const [theirs] = screen.getAllByTestId('message');
    expect(within(theirs!).getByTestId('person-handle').textContent).toBe('@grace-demo');
    expect(within(theirs!).getByRole('link', { name: 'Grace' }).getAttribute('href')).toBe('/user/grace-demo');
    expect(within(theirs!).getByRole('link', { name: 'Grace profile' }).getAttribute('href')).toBe('/user/grace-demo');
  });

  it('shows a deleted message as a tombstone without text, actions or reactions', () => {
    setup([message('m1', grace, { deleted: true, content: '' }), message('m2', grace, { content: 'still here' })]);
    const [gone] = screen.getAllByTestId('message');
    expect(within(gone!).getByTestId('message-deleted').textContent).toBe('This message was deleted');
    expect(within(gone!).queryByRole('button', { name: 'Message actions' })).toBeNull();
    expect(within(gone!).queryByTestId('message-content')).toBeNull();
  });

  it('says why a send failed: a rate limit counts down its wait', () => {
    setup([
      message('local:abc', ada, {
        client_id: 'abc',
        status: 'failed',
        failure: 'rate-limited',
        retryAt: Date.now() + 30_000,
        error: 'Try again in 30 s',
      }),
      message('local:def', ada, {
        client_id: 'def',
        status: 'failed',
        failure: 'refused',
        error: 'Failed to send message: You are not a member of this room',
      }),
    ]);
    const [limited, refused] = screen.getAllByTestId('send-failure');
    expect(limited!.textContent).toMatch(/^Try again in (30|29) s/);
    expect(refused!.textContent).toContain('You are not a member of this room');
  });

  it('lists who reacted on a chip, ten names and then how many more', () => {
    const reactors = Array.from({ length: 12 }, (_, i) => ({
      id: `r${i}`,
      message_id: 'm1',
      user_id: `p${i}`,
      emoji: '👍',
      user: { id: `p${i}`, username: `person-${i}`, display_name: `Person ${i}`, avatar_url: null },
    }));
    setup([message('m1', grace, { reactions: reactors })]);
    const chip = screen.getByRole('button', { name: /👍 12/ });
    const who = chip.getAttribute('aria-description') ?? '';
    expect(who).toContain('Person 0 (@person-0)');
    expect(who).toContain('Person 9 (@person-9)');
    expect(who).not.toContain('Person 10');
    expect(who).toMatch(/and 2 more$/);
  });

  it('is one Tab stop: the newest message, arrow keys move between messages', async () => {
    const t = setup([
      message('m1', grace, { content: 'see https://example.com/a' }),
      message('m2', ada),
      message('m3', grace, { content: 'see https://example.com/b' }),
    ]);
    const items = screen.getAllByTestId('message');
    expect(items.map((item) => item.tabIndex)).toEqual([-1, -1, 0]);
    // Controls of other messages are out of the Tab order.
    expect(within(items[0]!).getByRole('link', { name: 'https://example.com/a' }).tabIndex).toBe(-1);
    expect(within(items[2]!).getByRole('link', { name: 'https://example.com/b' }).tabIndex).toBe(0);
    items[2]!.focus();
    await t.user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items[1]);
    await t.user.keyboard('{Home}');
    expect(document.activeElement).toBe(items[0]);
    expect(screen.getAllByTestId('message').map((item) => item.tabIndex)).toEqual([0, -1, -1]);
    expect(within(items[0]!).getByRole('link', { name: 'https://example.com/a' }).tabIndex).toBe(0);
    await t.user.keyboard('{End}');
    expect(document.activeElement).toBe(items[2]);
  });

  it('puts a day divider before the first message of each day and titles each time with its full date', () => {
    const today = new Date();
    const at = (daysAgo: number, hour: number) =>
      new Date(today.getFullYear(), today.getMonth(), today.getDate() - daysAgo, hour, 15).toISOString();
    setup([
      message('m1', grace, { created_at: at(3, 9) }),
      message('m2', grace, { created_at: at(3, 10) }),
      message('m3', grace, { created_at: at(1, 9) }),
      message('m4', ada, { created_at: at(0, 0) }),
    ]);
    const dividers = screen.getAllByTestId('day-divider').map((divider) => divider.textContent);
    const threeDaysAgo = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 3, 9);
    const expectedOld = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      ...(threeDaysAgo.getFullYear() === today.getFullYear() ? {} : { year: 'numeric' }),
    }).format(threeDaysAgo);
    expect(dividers).toEqual([expectedOld, 'Yesterday', 'Today']);
    // A new day starts a new group: the author's name shows again after the divider.
    const items = screen.getAllByTestId('message');
    expect(within(items[2]!).queryByTestId('message-author')).not.toBeNull();
    expect(within(items[1]!).queryByTestId('message-author')).toBeNull();
    const time = items[0]!.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe(at(3, 9));
    expect(time?.getAttribute('title')).toMatch(/^\w+day, \w+ \d+, \d{4} at 9:15 AM$/);
  });

  it('offers "Copy link" in the message menu', async () => {
    const { actions, user } = setup([message('m1', grace)]);
    await user.click(screen.getByRole('button', { name: 'Message actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy link' }));
    expect(actions.onCopyLink).toHaveBeenCalledWith('m1');
  });

  it('says when the history could not be loaded, never the welcome of an empty room', async () => {
    const onRetryLoad = vi.fn();
    render(
      <MemoryRouter>
        <MessageList
          {...listProps({
            messages: [],
            loaded: true,
            failed: true,
            onRetryLoad: onRetryLoad,
            repoName: 'octo/hello',
            currentUserId: 'u1',
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
    expect(screen.getByRole('alert').textContent).toContain("Couldn't load messages");
    expect(screen.queryByText('Welcome to the discussion')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetryLoad).toHaveBeenCalledTimes(1);
  });

  it('puts "New messages" above the first unread message', () => {
    render(
      <MemoryRouter>
        <MessageList
          {...listProps({
            messages: [message('m1', grace), message('m2', grace), message('m3', grace)],
            loaded: true,
            unreadFromId: 'm2',
            anchor: { id: 'm2', kind: 'unread' },
            repoName: 'octo/hello',
            currentUserId: 'u1',
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
    const list = screen.getByRole('list', { name: 'Messages' });
    const order = [...list.children].map((child) =>
      child.getAttribute('data-testid') === 'message'
        ? child.getAttribute('data-message-id')
        : child.getAttribute('data-testid'),
    );
    expect(order).toEqual(['day-divider', 'm1', 'new-messages-divider', 'm2', 'm3']);
  });
});
