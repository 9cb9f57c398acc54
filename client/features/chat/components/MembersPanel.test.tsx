import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import type { MemberDto } from '../../../../shared/api/rooms';
import { MembersPanel, type MemberIgnoring, type MemberModeration } from './MembersPanel';

afterEach(cleanup);

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const member = (id: string, name: string, extra: Partial<MemberDto> = {}): MemberDto => ({
  user: { id, username: `${name.toLowerCase()}-demo`, display_name: name, avatar_url: null },
  joined_at: '2026-11-20T12:00:00.000Z',
  ...extra,
});
const members = [
  member('me', 'Margaret', { moderator: true }),
  member('u1', 'Ada', { muted_until: new Date(NOW + 60_000).toISOString() }),
  member('u2', 'Grace'),
];

function setup(moderation?: MemberModeration, ignoring?: MemberIgnoring) {
  render(
    <MemoryRouter>
      <MembersPanel
        members={members}
        onlineIds={new Set()}
        currentUserId="me"
        issues={{ list: [], loading: false, limit: 5 }}
        now={NOW}
        moderation={moderation}
        ignoring={ignoring}
      />
    </MemoryRouter>,
  );
}

it('badges moderators and marks muted members; members who do not moderate get no moderation controls', () => {
  setup();
  const rows = screen.getAllByTestId('member');
  expect(within(rows[0]!).getByTestId('maintainer-badge').textContent).toBe('Maintainer');
  expect(screen.getAllByTestId('maintainer-badge')).toHaveLength(1);
  expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Banned' })).toBeNull();
  expect(within(screen.getAllByTestId('member')[1]!).getByTestId('member-muted').textContent).toBe('Muted');
});

it('gives a moderator Mute or Unmute and Ban from room on other members, and the Banned list', async () => {
  const moderation = { onMute: vi.fn(), onUnmute: vi.fn(), onBan: vi.fn(), onOpenBanned: vi.fn() };
  setup(moderation);
  const user = userEvent.setup();
  expect(screen.queryByRole('button', { name: 'Actions for Margaret' })).toBeNull();
  expect(screen.getByTestId('member-muted').textContent).toBe('Muted');

  await user.click(screen.getByRole('button', { name: 'Actions for Ada' }));
  expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Unmute', 'Ban from room']);
  await user.click(screen.getByRole('menuitem', { name: 'Unmute' }));
  expect(moderation.onUnmute).toHaveBeenCalledWith('u1');

  await user.click(screen.getByRole('button', { name: 'Actions for Grace' }));
  await user.click(screen.getByRole('menuitem', { name: 'Mute' }));
  expect(moderation.onMute).toHaveBeenCalledWith(members[2]?.user);
  await user.click(screen.getByRole('button', { name: 'Actions for Grace' }));
  await user.click(screen.getByRole('menuitem', { name: 'Ban from room' }));
  expect(moderation.onBan).toHaveBeenCalledWith(members[2]?.user);

  await user.click(screen.getByRole('button', { name: 'Banned' }));
  expect(moderation.onOpenBanned).toHaveBeenCalled();
});

it("puts Ignore or Stop ignoring in each other member's menu, beside what a moderator may do", async () => {
  const moderation = { onMute: vi.fn(), onUnmute: vi.fn(), onBan: vi.fn(), onOpenBanned: vi.fn() };
  const ignoring = { ignoredIds: new Set(['u2']), onIgnore: vi.fn(), onUnignore: vi.fn() };
  setup(moderation, ignoring);
  const user = userEvent.setup();
  // No icon on every row: the menu holds it.
  expect(screen.queryByRole('button', { name: /^(Ignore|Unignore)/ })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Actions for Margaret' })).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Actions for Ada' }));
  expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
    'Ignore',
    'Unmute',
    'Ban from room',
  ]);
  await user.click(screen.getByRole('menuitem', { name: 'Ignore' }));
  expect(ignoring.onIgnore).toHaveBeenCalledWith(members[1]?.user);

  await user.click(screen.getByRole('button', { name: 'Actions for Grace' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Stop ignoring' }));
  expect(ignoring.onUnignore).toHaveBeenCalledWith(members[2]?.user);
});

it("gives members who do not moderate only Ignore, and none on moderators' moderation", async () => {
  setup(undefined, { ignoredIds: new Set(), onIgnore: vi.fn(), onUnignore: vi.fn() });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Actions for Grace' }));
  expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Ignore']);
});
