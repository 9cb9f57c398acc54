import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MentionDto } from '../../../shared/api/notifications';
import MentionsPage from './MentionsPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mention = (id: string, over: Partial<MentionDto> = {}): MentionDto => ({
  message_id: id,
  room_id: 'room-1',
  room_name: 'acme/rockets',
  author: { id: 'u2', username: 'bob', display_name: 'Bob', avatar_url: null },
  created_at: '2026-11-20T10:00:00.000Z',
  excerpt: `hello @ada ${id}`,
  unread: false,
  ...over,
});

const requested: string[] = [];
beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      requested.push(input);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (input === '/api/me')
        return json({ id: 'u1', username: 'ada', display_name: 'Ada', avatar_url: null, theme_preference: 'system' });
      if (input === '/api/me/mentions')
        return json({ mentions: [mention('m2', { unread: true }), mention('m1')], next_cursor: 'next' });
      if (input === '/api/me/mentions?before=next') return json({ mentions: [mention('m0')], next_cursor: null });
      return new Response('{}', { status: 404 });
    }),
  );
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/mentions']}>
        <Routes>
          <Route path="/mentions" element={<MentionsPage />} />
          <Route path="/chat/:roomId" element={<p>chat page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('MentionsPage', { timeout: 20_000 }, () => {
  it('lists mentions newest first with author, room and excerpt, pages on, and opens the message', async () => {
    const user = show();
    const list = await screen.findByRole('list', { name: 'Mentions' });
    const items = within(list).getAllByTestId('mention');
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/chat/room-1?message=m2',
      '/chat/room-1?message=m1',
    ]);
    expect(items[0]?.textContent).toContain('Bob');
    expect(items[0]?.textContent).toContain('acme/rockets');
    expect(items[0]?.textContent).toContain('hello @ada m2');
    expect(items[0]?.dataset.unread).toBe('true');
    expect(items[1]?.dataset.unread).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('hello @ada m0')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    await user.click(items[0]!);
    expect(await screen.findByText('chat page')).toBeTruthy();
  });

  it('asks for the notification permission on "Enable notifications", then says they are on', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    const user = show();
    await user.click(screen.getByRole('button', { name: 'Enable notifications' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect((await screen.findByTestId('notifications-on')).textContent).toContain('Notifications are on');
  });

  it('has the "Search messages" box over every room', () => {
    show();
    expect(screen.getByRole('searchbox', { name: 'Search messages' })).toBeTruthy();
  });
});
