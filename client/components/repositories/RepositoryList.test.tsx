import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RepositoryList } from './RepositoryList';
import { upstreamProblemText } from './UpstreamProblemNotice';

afterEach(cleanup);

const base = { repositories: [], isLoading: false, emptyText: 'Nothing here.', onJoin: vi.fn(), joining: null };

describe('RepositoryList when GitHub failed', () => {
  it('says GitHub is not answering, with "Try again", instead of the empty text', async () => {
    const onRetry = vi.fn();
    render(<RepositoryList {...base} problem={{ kind: 'unavailable' }} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('GitHub is not answering right now');
    expect(screen.queryByText('Nothing here.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('gives the rate limit with the local time it resets', () => {
    const resetAt = new Date(2026, 10, 24, 14, 5).toISOString();
    const expected = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(
      new Date(resetAt),
    );
    expect(upstreamProblemText({ kind: 'rate_limited', reset_at: resetAt })).toBe(
      `GitHub's rate limit is reached. It resets at ${expected}.`,
    );
    expect(upstreamProblemText({ kind: 'rate_limited', reset_at: null })).toBe(
      "GitHub's rate limit is reached. Try again in a few minutes.",
    );
  });

  it('keeps the empty text when nothing matched', () => {
    render(<RepositoryList {...base} problem={null} />);
    expect(screen.getByText('Nothing here.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
