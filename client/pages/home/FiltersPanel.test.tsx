import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILTERS, type DiscoveryFilters } from '../../../shared/api/discovery';
import { formatStars } from './FiltersCard';
import { FiltersPanel } from './FiltersPanel';

afterEach(cleanup);
beforeEach(() => {
  // jsdom has no layout: the slider only needs the observer to exist.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

function Harness({ initial }: { initial: DiscoveryFilters }) {
  const [filters, setFilters] = useState(initial);
  const [expanded, setExpanded] = useState(false);
  return <FiltersPanel filters={filters} onChange={setFilters} expanded={expanded} onExpandedChange={setExpanded} />;
}

describe('FiltersPanel', () => {
  it("offers 'Add filters' when no filter is active, and expands", async () => {
    render(<Harness initial={DEFAULT_FILTERS} />);
    expect(screen.queryByTestId('filters-badge')).toBeNull();
    expect(screen.queryByRole('button', { name: /Clear/ })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Add filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(await screen.findByTestId('filters-panel')).toBeTruthy();
    expect(screen.getAllByRole('slider').map((s) => s.getAttribute('aria-valuetext'))).toEqual(['0', '100k+']);
  });

  it('counts active filters in a badge and Clear resets them all', async () => {
    render(
      <Harness
        initial={{ ...DEFAULT_FILTERS, language: 'Go', minStars: 2000, dateRange: '2024', hasChats: 'with_chats' }}
      />,
    );
    expect(screen.getByTestId('filters-badge').textContent).toBe('4');
    expect(screen.queryByRole('button', { name: 'Add filters' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Clear/ }));
    expect(screen.queryByTestId('filters-badge')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add filters' })).toBeTruthy();
  });

  it("labels the star slider's top as 100k+", () => {
    expect([0, 1000, 25_000, 100_000].map(formatStars)).toEqual(['0', '1k', '25k', '100k+']);
  });
});
