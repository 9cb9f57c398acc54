import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { MemberDto } from '../../../../shared/api/rooms';
import { useRoomMembers } from './useRoomMembers';

const member = (id: string, username: string): MemberDto => ({
  user: { id, username, display_name: null, avatar_url: null },
  joined_at: '2026-11-25T12:00:00.000Z',
});
const ada = member('u1', 'ada-demo');
const ken = member('u2', 'ken-demo');

/** Answers each members request with the list the server had when the request arrived. */
let serverMembers: MemberDto[];
let release: Array<() => void>;

beforeEach(() => {
  release = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const snapshot = serverMembers;
      // Each answer waits until the test lets it through, so it can arrive after an event.
      await new Promise<void>((resolve) => release.push(resolve));
      return new Response(JSON.stringify({ members: snapshot }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

it('a member who joins while the list is loading is not lost when the older answer arrives', async () => {
  serverMembers = [ada];
  const { result } = renderHook(() => useRoomMembers('r1', true), { wrapper });
  await waitFor(() => expect(release).toHaveLength(1));
  // Ken joins: the event arrives before the answer to the request made when only Ada was in.
  serverMembers = [ken, ada];
  act(() => result.current.applyEvent({ type: 'member.joined', member: ken }));
  await act(async () => release.shift()?.());
  await waitFor(() => expect(release.length).toBeGreaterThan(0));
  await act(async () => release.shift()?.());
  await waitFor(() => expect(result.current.members.map((m) => m.user.id)).toEqual(['u2', 'u1']));
});

it('applies events to a loaded list without asking again', async () => {
  serverMembers = [ada];
  const { result } = renderHook(() => useRoomMembers('r1', true), { wrapper });
  await waitFor(() => expect(release).toHaveLength(1));
  await act(async () => release.shift()?.());
  await waitFor(() => expect(result.current.members).toHaveLength(1));
  act(() => result.current.applyEvent({ type: 'member.joined', member: ken }));
  await waitFor(() => expect(result.current.members.map((m) => m.user.id)).toEqual(['u2', 'u1']));
  act(() => result.current.applyEvent({ type: 'member.left', user_id: 'u1' }));
  await waitFor(() => expect(result.current.members.map((m) => m.user.id)).toEqual(['u2']));
  expect(fetch).toHaveBeenCalledTimes(1);
});

it('moves the Maintainer role with member.role_changed events', async () => {
  serverMembers = [{ ...ada, moderator: true }, ken];
  const { result } = renderHook(() => useRoomMembers('r1', true), { wrapper });
  await waitFor(() => expect(release).toHaveLength(1));
  await act(async () => release.shift()?.());
  await waitFor(() => expect(result.current.members).toHaveLength(2));
  act(() => result.current.applyEvent({ type: 'member.role_changed', user_id: 'u1', moderator: false }));
  act(() => result.current.applyEvent({ type: 'member.role_changed', user_id: 'u2', moderator: true }));
  await waitFor(() =>
    expect(result.current.members.map((m) => [m.user.id, m.moderator])).toEqual([
      ['u1', false],
      ['u2', true],
    ]),
  );
  expect(fetch).toHaveBeenCalledTimes(1);
});
