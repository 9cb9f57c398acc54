import { describe, expect, it } from 'vitest';
import { findMentionQuery, insertMention, suggestMentions } from './mentions';

describe('findMentionQuery', () => {
  it('finds the query right before the cursor', () => {
    expect(findMentionQuery('hello @ad', 9)).toEqual({ query: 'ad', start: 6, end: 9 });
    expect(findMentionQuery('@a', 2)).toEqual({ query: 'a', start: 0, end: 2 });
  });

  it('ignores text after the cursor', () => {
    expect(findMentionQuery('hi @gr and more', 6)).toEqual({ query: 'gr', start: 3, end: 6 });
  });

  it('needs at least one character after the @ and at most 24', () => {
    expect(findMentionQuery('hi @', 4)).toBeNull();
    const long = `@${'x'.repeat(24)}`;
    expect(findMentionQuery(long, long.length)?.query).toHaveLength(24);
    const tooLong = `@${'x'.repeat(25)}`;
    expect(findMentionQuery(tooLong, tooLong.length)).toBeNull();
  });

  it('stops at whitespace and ignores e-mail addresses', () => {
    expect(findMentionQuery('@ada hello', 10)).toBeNull();
    expect(findMentionQuery('me@example', 10)).toBeNull();
  });
});

describe('suggestMentions', () => {
  const members = [
    { id: '1', username: 'grace-demo', display_name: 'Grace Hopper' },
    { id: '2', username: 'ada-demo', display_name: 'Ada Lovelace' },
    { id: '3', username: 'linus', display_name: null },
  ];
  it('ranks username prefixes before display-name and substring matches', () => {
    expect(suggestMentions(members, 'g').map((m) => m.username)).toEqual(['grace-demo']);
    expect(suggestMentions(members, 'lo').map((m) => m.username)).toEqual(['ada-demo']);
    expect(suggestMentions(members, 'demo').map((m) => m.username)).toEqual(['ada-demo', 'grace-demo']);
    expect(suggestMentions(members, 'zzz')).toEqual([]);
  });
});

describe('insertMention', () => {
  it('replaces the query with the username and a space', () => {
    const text = 'hi @gr';
    const query = findMentionQuery(text, text.length);
    expect(query).not.toBeNull();
    expect(insertMention(text, query!, 'grace-demo')).toEqual({ text: 'hi @grace-demo ', cursor: 15 });
  });
  it('keeps the text after the cursor', () => {
    const query = findMentionQuery('hi @gr there', 6)!;
    expect(insertMention('hi @gr there', query, 'grace-demo')).toEqual({ text: 'hi @grace-demo there', cursor: 15 });
  });
});
