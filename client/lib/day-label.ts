/**
 * Labels for the conversation's day dividers and for a message's full time, in the reader's own
 * time zone: "Today", "Yesterday", otherwise "Monday, November 23", with the year when it is not
 * the current one.
 */
const weekdayMonthDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
const weekdayMonthDayYear = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const fullDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });

/** The local calendar day of a moment, as a comparable key ("2026-11-24"). */
export function localDayKey(at: Date): string {
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

export function dayLabel(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const key = localDayKey(at);
  if (key === localDayKey(now)) return 'Today';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (key === localDayKey(yesterday)) return 'Yesterday';
  return at.getFullYear() === now.getFullYear() ? weekdayMonthDay.format(at) : weekdayMonthDayYear.format(at);
}

/** "Tuesday, November 24, 2026 at 2:05 PM": the hover title of a message's time. */
export function fullTimeLabel(iso: string): string {
  return fullDateTime.format(new Date(iso));
}
