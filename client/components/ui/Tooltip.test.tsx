import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { placeBeside, Tooltip, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './Tooltip';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderTwo() {
  render(
    <>
      <Tooltip content="First tip">
        <button type="button">One</button>
      </Tooltip>
      <Tooltip content="Second tip" side="right">
        <button type="button" aria-describedby="own-hint">
          Two
        </button>
      </Tooltip>
      <p id="own-hint">hint</p>
    </>,
  );
  return {
    one: screen.getByRole('button', { name: 'One' }),
    two: screen.getByRole('button', { name: 'Two' }),
  };
}

const hover = (element: HTMLElement) => fireEvent.pointerEnter(element, { pointerType: 'mouse' });
const leave = (element: HTMLElement) => fireEvent.pointerLeave(element, { pointerType: 'mouse' });

describe('Tooltip', () => {
  it('opens after the hover delay, describes its trigger, and closes when the pointer leaves', () => {
    const { one } = renderTwo();
    hover(one);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('First tip');
    expect(one.getAttribute('aria-describedby')).toBe(tip.id);
    leave(one);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(one.getAttribute('aria-describedby')).toBeNull();
  });

  it('skips the delay when moving to the next trigger soon after, and keeps its own description', () => {
    const { one, two } = renderTwo();
    hover(one);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    leave(one);
    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS - 50));
    hover(two);
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Second tip');
    expect(two.getAttribute('aria-describedby')).toBe(`own-hint ${tip.id}`);
  });

  it('opens at once on keyboard focus and closes on blur or Escape', () => {
    const { one } = renderTwo();
    act(() => one.focus());
    expect(screen.getByRole('tooltip').textContent).toBe('First tip');
    fireEvent.keyDown(one, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => one.blur());
    act(() => one.focus());
    expect(screen.getByRole('tooltip')).toBeTruthy();
    act(() => one.blur());
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('stays closed while disabled', () => {
    render(
      <Tooltip content="Hidden" disabled>
        <button type="button">Rail</button>
      </Tooltip>,
    );
    act(() => screen.getByRole('button', { name: 'Rail' }).focus());
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('places itself beside the trigger and inside the window', () => {
    const trigger = { left: 100, top: 100, width: 40, height: 20 };
    const size = { width: 60, height: 30 };
    expect(placeBeside(trigger, size, 'top')).toEqual({ left: 90, top: 64 });
    expect(placeBeside(trigger, size, 'right')).toEqual({ left: 146, top: 95 });
    expect(placeBeside({ ...trigger, left: 0 }, size, 'top').left).toBe(4);
  });
});
