import { describe, expect, it } from 'vitest';
import { hasLink, judgeSend, type SendFacts } from './protection-rules';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const off = { new_account_days: 0, first_messages_held: 0, newcomer_links_held: 0, locked: 0 };

function facts(over: Partial<SendFacts> = {}): SendFacts {
  return {
    settings: off,
    moderator: false,
    accountCreatedAt: new Date(NOW - 400 * DAY).toISOString(),
    joinedAt: new Date(NOW - DAY).toISOString(),
    publishedCount: 0,
    hasLink: false,
    otherRoomsWithSameText: 0,
    now: NOW,
    ...over,
  };
}

describe('judgeSend', () => {
  it('publishes when nothing is on', () => {
    expect(judgeSend(facts())).toEqual({ kind: 'publish' });
  });

  it('refuses everyone but moderators in a locked room', () => {
    const settings = { ...off, locked: 1 };
    expect(judgeSend(facts({ settings }))).toEqual({ kind: 'locked' });
    expect(judgeSend(facts({ settings, moderator: true }))).toEqual({ kind: 'publish' });
  });

  it('refuses an account younger than the room asks, saying from when it may post', () => {
    const created = new Date(NOW - 2 * DAY).toISOString();
    const verdict = judgeSend(facts({ settings: { ...off, new_account_days: 7 }, accountCreatedAt: created }));
    expect(verdict).toEqual({ kind: 'too_new', days: 7, allowedFrom: new Date(NOW + 5 * DAY).toISOString() });
    expect(judgeSend(facts({ settings: { ...off, new_account_days: 1 }, accountCreatedAt: created }))).toEqual({
      kind: 'publish',
    });
  });

  it('holds the first messages of a newcomer only, as many as the room says', () => {
    const settings = { ...off, first_messages_held: 3 };
    expect(judgeSend(facts({ settings, publishedCount: 2 }))).toEqual({ kind: 'hold', reason: 'first_messages' });
    expect(judgeSend(facts({ settings, publishedCount: 3 }))).toEqual({ kind: 'publish' });
    const oldMember = new Date(NOW - 8 * DAY).toISOString();
    expect(judgeSend(facts({ settings, joinedAt: oldMember }))).toEqual({ kind: 'publish' });
  });

  it("holds a newcomer's links when the room says so", () => {
    const settings = { ...off, newcomer_links_held: 1 };
    expect(judgeSend(facts({ settings, hasLink: true }))).toEqual({ kind: 'hold', reason: 'links' });
    expect(judgeSend(facts({ settings, hasLink: false }))).toEqual({ kind: 'publish' });
  });

  it('holds the same text from the third room on, even from an old member', () => {
    const joinedAt = new Date(NOW - 100 * DAY).toISOString();
    expect(judgeSend(facts({ joinedAt, otherRoomsWithSameText: 1 }))).toEqual({ kind: 'publish' });
    expect(judgeSend(facts({ joinedAt, otherRoomsWithSameText: 2 }))).toEqual({ kind: 'hold', reason: 'duplicate' });
  });
});

describe('hasLink', () => {
  it('finds addresses and bare domains, not ordinary words', () => {
    expect(hasLink('see https://example.test/x')).toBe(true);
    expect(hasLink('buy at cheap-pills.com now')).toBe(true);
    expect(hasLink('www.example.org')).toBe(true);
    expect(hasLink('the build fails on node 20. any idea?')).toBe(false);
  });
});
