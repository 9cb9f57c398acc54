import { describe, expect, it } from 'vitest';
import { dayLabel, fullTimeLabel, localDayKey } from './day-label';

// Local times, so the test holds in any time zone the machine is set to.
const at = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(year, month - 1, day, hour, minute).toISOString();
const now = new Date(2026, 10, 24, 9, 30);

describe('dayLabel', () => {
  it('names today and yesterday by their local calendar day, not by 24-hour distance', () => {
    expect(dayLabel(at(2026, 11, 24, 0, 1), now)).toBe('Today');
    expect(dayLabel(at(2026, 11, 23, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(at(2026, 11, 23, 0, 0), now)).toBe('Yesterday');
  });

  it('gives older days of this year as weekday, month and day', () => {
    expect(dayLabel(at(2026, 11, 22), now)).toBe('Sunday, November 22');
    expect(dayLabel(at(2026, 1, 1), now)).toBe('Thursday, January 1');
  });

  it('adds the year for another year', () => {
    expect(dayLabel(at(2025, 12, 31), now)).toBe('Wednesday, December 31, 2025');
  });

  it('handles the turn of a month and a year for "Yesterday"', () => {
    expect(dayLabel(at(2026, 2, 28), new Date(2026, 2, 1, 8))).toBe('Yesterday');
    expect(dayLabel(at(2025, 12, 31), new Date(2026, 0, 1, 8))).toBe('Yesterday');
  });
});

describe('fullTimeLabel and localDayKey', () => {
  it('spell the date and time in full', () => {
    expect(fullTimeLabel(at(2026, 11, 24, 14, 5))).toBe('Tuesday, November 24, 2026 at 2:05 PM');
    expect(localDayKey(new Date(2026, 0, 5, 23))).toBe('2026-01-05');
  });
});
