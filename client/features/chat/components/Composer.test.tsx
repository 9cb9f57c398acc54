import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberDto } from '../../../../shared/api/rooms';
import { MESSAGE_ERRORS } from '../../../../shared/validation/message';
import { Composer } from './Composer';

vi.mock('../../../lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

afterEach(cleanup);

const member = (id: string, username: string, display_name: string): MemberDto => ({
  user: { id, username, display_name, avatar_url: null },
  joined_at: '2026-01-01T00:00:00.000Z',
});
const members = [member('me', 'me-demo', 'Me'), member('u1', 'ada-demo', 'Ada'), member('u2', 'grace-demo', 'Grace')];

function setup() {
  const onSend = vi.fn();
  const onTyping = vi.fn();
  render(<Composer members={members} currentUserId="me" onSend={onSend} onTyping={onTyping} />);
  const box = screen.getByPlaceholderText('Type your message...');
  const sendButton = screen.getByRole('button', { name: 'Send message' });
  return { onSend, onTyping, box, sendButton, user: userEvent.setup() };
}

// user-event types key by key; a busy machine can make one test take seconds.
describe('Composer', { timeout: 20_000 }, () => {
  it('a muted member’s box is disabled and says until when', () => {
    render(
      <Composer
        members={members}
        currentUserId="me"
        onSend={vi.fn()}
        onTyping={vi.fn()}
        blockedReason="You are muted in this room until 14:05"
      />,
    );
    expect(screen.getByTestId('composer-blocked').textContent).toBe('You are muted in this room until 14:05');
    expect(screen.getByPlaceholderText('Type your message...')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Send message' })).toHaveProperty('disabled', true);
    expect(screen.queryByText('Press Enter to send, Shift + Enter for new line')).toBeNull();
  });

  it('shows the hint and disables Send while the text is blank', async () => {
    const t = setup();
    expect(screen.getByText('Press Enter to send, Shift + Enter for new line')).toBeTruthy();
    expect(t.sendButton).toHaveProperty('disabled', true);
    await t.user.type(t.box, '   ');
    expect(t.sendButton).toHaveProperty('disabled', true);
    await t.user.keyboard('{Enter}');
    expect(t.onSend).not.toHaveBeenCalled();
  });

  it('sends on Enter, adds a line on Shift+Enter, and clears the box', async () => {
    const t = setup();
    await t.user.type(t.box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(t.onSend).not.toHaveBeenCalled();
    expect((t.box as HTMLTextAreaElement).value).toBe('line one\nline two');
    expect(t.onTyping).toHaveBeenCalled();
    await t.user.keyboard('{Enter}');
    expect(t.onSend).toHaveBeenCalledWith('line one\nline two');
    expect((t.box as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the rule message for too long and repeated text and does not send', async () => {
    const t = setup();
    await t.user.click(t.box);
    await t.user.paste(`${'ab'.repeat(500)}c`);
    await t.user.keyboard('{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGE_ERRORS.tooLong);
    await t.user.clear(t.box);
    await t.user.type(t.box, 'hello!!!!!!!!!!');
    await t.user.click(t.sendButton);
    expect(screen.getByRole('alert').textContent).toBe(MESSAGE_ERRORS.repeated);
    expect(t.onSend).not.toHaveBeenCalled();
  });

  it('suggests members after @, navigates with arrows and inserts the chosen username', async () => {
    const t = setup();
    await t.user.type(t.box, 'hi @');
    expect(screen.queryByRole('listbox')).toBeNull();
    await t.user.type(t.box, 'demo');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent?.match(/@[\w-]+$/)?.[0])).toEqual(['@ada-demo', '@grace-demo']);
    await t.user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]?.getAttribute('aria-selected')).toBe('true');
    await t.user.keyboard('{Enter}');
    expect((t.box as HTMLTextAreaElement).value).toBe('hi @grace-demo ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(t.onSend).not.toHaveBeenCalled();
  });

  it('never suggests the current user', async () => {
    const t = setup();
    await t.user.type(t.box, '@me');
    expect(screen.queryAllByRole('option').map((o) => o.textContent)).toEqual([]);
  });

  it('takes the focus when the room opens and edits my last message on ↑ in an empty box', async () => {
    const onEditLast = vi.fn(() => true);
    render(
      <Composer members={members} currentUserId="me" onSend={vi.fn()} onTyping={vi.fn()} onEditLast={onEditLast} />,
    );
    const box = screen.getByPlaceholderText('Type your message...');
    expect(document.activeElement).toBe(box);
    const user = userEvent.setup();
    await user.type(box, 'draft');
    await user.keyboard('{ArrowUp}');
    expect(onEditLast).not.toHaveBeenCalled();
    await user.clear(box);
    await user.keyboard('{ArrowUp}');
    expect(onEditLast).toHaveBeenCalledTimes(1);
  });
});

describe('Composer replies', { timeout: 20_000 }, () => {
  it('says whom it replies to, with an excerpt; "Cancel reply" or Escape cancels', async () => {
    const onCancelReply = vi.fn();
    const onSend = vi.fn();
    render(
      <Composer
        members={members}
        currentUserId="me"
        onSend={onSend}
        onTyping={vi.fn()}
        replyingTo={{ id: 'm1', name: 'Ada', excerpt: 'How do I build?' }}
        onCancelReply={onCancelReply}
      />,
    );
    const banner = screen.getByTestId('composer-reply');
    expect(banner.textContent).toContain('Replying to Ada');
    expect(banner.textContent).toContain('How do I build?');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel reply' }));
    expect(onCancelReply).toHaveBeenCalledTimes(1);
    const box = screen.getByPlaceholderText('Type your message...');
    expect(document.activeElement).toBe(box);
    await user.keyboard('{Escape}');
    expect(onCancelReply).toHaveBeenCalledTimes(2);
    await user.type(box, 'make{Enter}');
    expect(onSend).toHaveBeenCalledWith('make');
  });
});
