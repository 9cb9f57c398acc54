import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GitHubReferenceDto } from '../../../../shared/github-references';
import { ReferenceContext } from './GitHubReference';
import { MessageContent } from './MessageContent';

afterEach(cleanup);

const REL = 'noopener noreferrer nofollow ugc';
const context = { repo: 'vitejs/vite', webUrl: 'http://localhost:3000/_emulator' };

function show(content: string, references?: GitHubReferenceDto[]) {
  return render(
    <ReferenceContext value={context}>
      <MessageContent content={content} knownUsernames={new Set()} references={references} />
    </ReferenceContext>,
  );
}

const issue = (overrides: Partial<GitHubReferenceDto> = {}): GitHubReferenceDto => ({
  repo: 'vitejs/vite',
  number: 12,
  kind: 'issue',
  title: 'Dev server crashes on save',
  state: 'open',
  ...overrides,
});

describe('MessageContent GitHub references', () => {
  it('shows a resolved #N with its title, state text and icon, linking to GitHub like other links', () => {
    show('Fixed by #12 I think', [issue()]);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('http://localhost:3000/_emulator/vitejs/vite/issues/12');
    expect(link.getAttribute('rel')).toBe(REL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('data-reference')).toBe('open');
    expect(link.textContent).toBe('#12Dev server crashes on saveOpen');
    expect(within(link).getByTestId('reference-state').textContent).toBe('Open');
    const icon = within(link).getByTestId('reference-icon');
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(icon.getAttribute('data-icon')).toBe('issue-open');
    expect(screen.getByTestId('message-content').textContent).toBe(
      'Fixed by #12Dev server crashes on saveOpen I think',
    );
  });

  it('shows each state of issues and pull requests with its own text and icon', () => {
    show('#1 #2 #3 #4 #5 #6', [
      issue({ number: 1, state: 'closed' }),
      issue({ number: 2, kind: 'pull', state: 'open' }),
      issue({ number: 3, kind: 'pull', state: 'closed' }),
      issue({ number: 4, kind: 'pull', state: 'merged' }),
      issue({ number: 5, kind: 'pull', state: 'draft' }),
    ]);
    const links = screen.getAllByRole('link');
    expect(links.map((l) => within(l).queryByTestId('reference-state')?.textContent ?? null)).toEqual([
      'Closed',
      'Open',
      'Closed',
      'Merged',
      'Draft',
      null,
    ]);
    expect(links.map((l) => l.querySelector('[data-icon]')?.getAttribute('data-icon') ?? null)).toEqual([
      'issue-closed',
      'pull-open',
      'pull-closed',
      'pull-merged',
      'pull-draft',
      null,
    ]);
    expect(links[1]?.getAttribute('href')).toBe('http://localhost:3000/_emulator/vitejs/vite/pull/2');
    expect(links[0]?.getAttribute('href')).toBe('http://localhost:3000/_emulator/vitejs/vite/issues/1');
    // #6 is not resolved: a plain link to it, as written.
    expect(links[5]?.textContent).toBe('#6');
    expect(links[5]?.getAttribute('href')).toBe('http://localhost:3000/_emulator/vitejs/vite/issues/6');
    expect(links[5]?.getAttribute('rel')).toBe(REL);
  });

  it('names another repository and keeps an address as its href', () => {
    const address = 'https://github.com/facebook/react/pull/7';
    show(`see facebook/react#3 and ${address}.`, [
      issue({ repo: 'facebook/react', number: 3 }),
      issue({ repo: 'facebook/react', number: 7, kind: 'pull', title: 'Hooks', state: 'merged' }),
    ]);
    const [short, long] = screen.getAllByRole('link');
    expect(short?.getAttribute('href')).toBe('http://localhost:3000/_emulator/facebook/react/issues/3');
    expect(short?.textContent).toContain('facebook/react#3');
    expect(long?.getAttribute('href')).toBe(address);
    expect(long?.textContent).toBe('facebook/react#7HooksMerged');
  });

  it('an unresolved address stays a plain link showing the address', () => {
    show('https://github.com/o/r/issues/9');
    const link = screen.getByRole('link');
    expect(link.textContent).toBe('https://github.com/o/r/issues/9');
    expect(link.getAttribute('data-reference')).toBe('unresolved');
  });

  it('reads nothing inside code, after a backslash or glued to a word', () => {
    show('`#12` and\n```\n#12 facebook/react#3\n```\n\\#12 abc#12 &#12;', [
      issue(),
      issue({ repo: 'facebook/react', number: 3 }),
    ]);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByTestId('reference-state')).toBeNull();
    expect(screen.getByTestId('message-content').textContent).toContain('#12 facebook/react#3');
  });

  it('shows a hostile title as text, never as markup', () => {
    const title = '<img src=x onerror=alert(1)> "><script>alert(1)</script>';
    const { container } = show('#12', [issue({ title })]);
    expect(screen.getByRole('link').textContent).toContain(title);
    expect(container.querySelector('img, script')).toBeNull();
  });

  it('formats around a reference without splitting it', () => {
    show('**#12** and _#12_', [issue()]);
    const strong = screen.getByTestId('message-content').querySelector('strong');
    expect(strong?.querySelector('a')?.getAttribute('data-reference')).toBe('open');
    expect(screen.getByTestId('message-content').querySelector('em a')).not.toBeNull();
  });
});
