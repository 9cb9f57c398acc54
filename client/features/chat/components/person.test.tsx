import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserSummaryDto } from '../../../../shared/api/rooms';
import { githubLoginShown, Handle, nameWithHandle } from './person';

afterEach(cleanup);

const person = (overrides: Partial<UserSummaryDto>): UserSummaryDto => ({
  id: 'u1',
  username: 'ada-demo',
  display_name: 'Ada Demo',
  avatar_url: null,
  github_login: 'ada-demo',
  ...overrides,
});

describe('people shown with their GitHub login', () => {
  it('adds the login only where it differs from the username', () => {
    expect(githubLoginShown(person({}))).toBeNull();
    expect(githubLoginShown(person({ username: 'Ada-Demo' }))).toBeNull();
    expect(githubLoginShown(person({ username: 'ada-fan', github_login: 'mallory' }))).toBe('mallory');
    expect(githubLoginShown(person({ username: null, github_login: 'mallory' }))).toBe('mallory');
    // Events logged before the login was sent, and accounts whose login moved on, have none.
    expect(githubLoginShown(person({ username: 'ada-fan', github_login: undefined }))).toBeNull();
    expect(githubLoginShown(person({ username: 'ada-fan', github_login: null }))).toBeNull();
  });

  it('names people with their handle and, when it differs, their login', () => {
    expect(nameWithHandle(person({}))).toBe('Ada Demo (@ada-demo)');
    expect(nameWithHandle(person({ username: 'ada-fan', github_login: 'mallory' }))).toBe(
      'Ada Demo (@ada-fan, GitHub: mallory)',
    );
    expect(nameWithHandle(person({ username: null, github_login: 'mallory' }))).toBe('Ada Demo (GitHub: mallory)');
    expect(nameWithHandle(person({ display_name: null, username: 'ada-fan', github_login: 'mallory' }))).toBe(
      'ada-fan (GitHub: mallory)',
    );
  });

  it('shows the login beside the handle, and alone for a profile without a username', () => {
    render(<Handle user={person({ username: 'ada-fan', github_login: 'mallory' })} />);
    expect(screen.getByTestId('person-handle').textContent).toBe('@ada-fan');
    expect(screen.getByTestId('person-github-login').textContent).toBe('GitHub: mallory');
    cleanup();
    render(<Handle user={person({ username: null, github_login: 'mallory' })} />);
    expect(screen.queryByTestId('person-handle')).toBeNull();
    expect(screen.getByTestId('person-github-login').textContent).toBe('GitHub: mallory');
    cleanup();
    const { container } = render(<Handle user={person({})} />);
    expect(screen.queryByTestId('person-github-login')).toBeNull();
    expect(container.textContent).toBe('@ada-demo');
  });
});
