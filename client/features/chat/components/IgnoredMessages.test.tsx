import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { ModerationLogEntryDto } from '../../../../shared/api/moderation-tools';
import { MessageList } from './MessageList';
import { ada, chatMessage, grace, listProps } from './message-list.fixtures';
import { moderationLogText } from './ModerationLogDialogView';

afterEach(cleanup);
beforeAll(() => {
  // jsdom has no layout: scrolling is a no-op here.
  Element.prototype.scrollTo = function scrollTo() {};
});

const message = (id: string, author: typeof ada, content: string) => chatMessage(id, author, { content });

it("collapses an ignored author's messages to 'Ignored message' until 'Show', never the reader's own", async () => {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <MessageList
        {...listProps({
          messages: [
            message('m1', grace, 'from grace <b>bold</b>'),
            message('m2', ada, 'my own words'),
            message('m3', grace, 'grace again'),
          ],
          loaded: true,
          repoName: 'octo/hello',
          currentUserId: 'u1',
          knownUsernames: new Set(),
          people: new Map([ada, grace].map((person) => [person.id, person])),
          ignoredIds: new Set(['u2', 'u1']),
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
  expect(screen.getAllByText('Ignored message')).toHaveLength(2);
  expect(screen.queryByText(/from grace/)).toBeNull();
  expect(screen.getByText('my own words')).toBeTruthy();

  await user.click(screen.getAllByRole('button', { name: 'Show' })[0] as HTMLElement);
  // Shown as text, never as markup.
  expect(screen.getByText('from grace <b>bold</b>')).toBeTruthy();
  expect(screen.getAllByText('Ignored message')).toHaveLength(1);
  expect(screen.queryByText('grace again')).toBeNull();
});

it('says who did what to whom in the moderation log', () => {
  const entry = (action: ModerationLogEntryDto['action'], detail = ''): ModerationLogEntryDto => ({
    id: 'e',
    action,
    actor: ada,
    target: grace,
    message_id: null,
    detail,
    created_at: '2026-01-01T10:00:00.000Z',
  });
  expect(moderationLogText(entry('member.muted', '1h'))).toBe('muted Grace for 1 hour');
  expect(moderationLogText(entry('message.removed'))).toBe('removed a message by Grace');
  expect(moderationLogText(entry('room.slow_mode_changed', '300'))).toBe('set slow mode to 5 min');
  expect(moderationLogText(entry('room.slow_mode_changed', '0'))).toBe('turned slow mode off');
  expect(moderationLogText({ ...entry('room.topic_changed', 'Be kind'), target: null })).toBe(
    'set the topic to “Be kind”',
  );
  expect(moderationLogText(entry('report.dismissed', '2'))).toBe('dismissed the reports of a message by Grace');
});
