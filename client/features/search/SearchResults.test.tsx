import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageSearchHitDto } from '../../../shared/api/search';
import { SearchResults } from './SearchResults';

afterEach(cleanup);

const hit = (over: Partial<MessageSearchHitDto> = {}): MessageSearchHitDto => ({
  id: 'm-1',
  room_id: 'room-1',
  repo_full_name: 'caddyserver/caddy',
  content: 'The <b>wombat</b> reload is flaky; Wombats everywhere',
  created_at: '2026-11-20T10:00:00.000Z',
  edited_at: null,
  author: { id: 'u-1', username: 'linus-demo', display_name: 'Linus', avatar_url: null },
  ...over,
});

function show(props: Partial<Parameters<typeof SearchResults>[0]> = {}) {
  const onLoadMore = vi.fn();
  render(
    <MemoryRouter>
      <SearchResults
        results={[hit()]}
        terms={['wombat']}
        showRoom
        hasMore={false}
        loadingMore={false}
        onLoadMore={onLoadMore}
        {...props}
      />
    </MemoryRouter>,
  );
  return { onLoadMore };
}

describe('SearchResults', () => {
  it('says "in thread" for a thread reply, whose link opens its thread at it', () => {
    show({ results: [hit({ id: 'r-1', thread_root_id: 'm-0' }), hit({ id: 'm-2' })] });
    const [reply, plain] = screen.getAllByTestId('search-result');
    expect(within(reply as HTMLElement).getByTestId('search-in-thread').textContent).toBe('in thread');
    expect(reply?.getAttribute('href')).toBe('/chat/room-1?message=r-1');
    expect(within(plain as HTMLElement).queryByTestId('search-in-thread')).toBeNull();
  });

  it('shows author, room, time and the text with whole-word matches marked, as text', () => {
    show();
    const result = screen.getByRole('link');
    expect(result.getAttribute('href')).toBe('/chat/room-1?message=m-1');
    expect(within(result).getByText('Linus')).toBeTruthy();
    expect(within(result).getByText('@linus-demo')).toBeTruthy();
    expect(within(result).getByText('caddyserver/caddy')).toBeTruthy();
    expect(result.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-20T10:00:00.000Z');
    // "Wombats" is another word: only the whole word is marked. The markup stays text.
    expect([...result.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['wombat']);
    expect(result.querySelector('b')).toBeNull();
    expect(result.textContent).toContain('The <b>wombat</b> reload');
  });

  it('marks the part a "word*" begins, and leaves the room out in a room search', () => {
    show({ terms: ['wombat*'], showRoom: false });
    const result = screen.getByRole('link');
    expect([...result.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['wombat', 'Wombat']);
    expect(within(result).queryByText('caddyserver/caddy')).toBeNull();
  });

  it('names an author whose display name is empty by their username, never by nothing', () => {
    show({
      results: [hit({ author: { id: 'u-2', username: 'grace-demo', display_name: '', avatar_url: null } })],
    });
    const result = screen.getByRole('link');
    expect(within(result).getByText('grace-demo')).toBeTruthy();
    expect(within(result).getByText('@grace-demo')).toBeTruthy();
  });

  it('says the results may be incomplete when the search stopped at its time budget', () => {
    show({ incomplete: true });
    expect(screen.getByRole('note').textContent).toContain('Results may be incomplete');
    cleanup();
    show();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('offers more results when there are more', () => {
    const { onLoadMore } = show({ hasMore: true });
    screen.getByRole('button', { name: 'Show more' }).click();
    expect(onLoadMore).toHaveBeenCalledOnce();
  });
});
