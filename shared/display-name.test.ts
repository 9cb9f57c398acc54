import { expect, it } from 'vitest';
import { displayName, NAMELESS } from './display-name';

it('shows the display name, else the username, else the GitHub login, else the fallback', () => {
  expect(displayName({ display_name: 'Ada', username: 'ada-demo', github_login: 'ada' })).toBe('Ada');
  expect(displayName({ display_name: null, username: 'ada-demo', github_login: 'ada' })).toBe('ada-demo');
  expect(displayName({ display_name: null, username: null, github_login: 'ada' })).toBe('ada');
  expect(displayName({ display_name: null, username: null, github_username: 'ada-gh' })).toBe('ada-gh');
  expect(displayName({ display_name: null, username: null })).toBe(NAMELESS);
  expect(displayName({}, 'Someone')).toBe('Someone');
});

it('passes over blank names: an empty display name shows the username, never nothing', () => {
  expect(displayName({ display_name: '', username: 'grace-demo' })).toBe('grace-demo');
  expect(displayName({ display_name: '   ', username: '', github_login: 'grace' })).toBe('grace');
  expect(displayName({ display_name: '', username: '' }, 'Someone')).toBe('Someone');
});
