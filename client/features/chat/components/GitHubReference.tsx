import {
  CircleCheck,
  CircleDot,
  GitMerge,
  GitPullRequest,
  GitPullRequestClosed,
  GitPullRequestDraft,
} from 'lucide-react';
import { createContext, useContext } from 'react';
import {
  DEFAULT_GITHUB_WEB_URL,
  REFERENCE_STATE_LABELS,
  type GitHubReferenceDto,
} from '../../../../shared/github-references';
import { cn } from '../../../lib/cn';
import type { TokenContext } from '../../../lib/message-tokens';

/** The room's repository (what `#12` refers to) and GitHub's web origin, for the messages of a room. */
export const ReferenceContext = createContext<TokenContext>({ repo: null, webUrl: DEFAULT_GITHUB_WEB_URL });

export function useReferenceContext(): TokenContext {
  return useContext(ReferenceContext);
}

const LINK_REL = 'noopener noreferrer nofollow ugc';

const STATE_STYLE: Record<GitHubReferenceDto['state'], string> = {
  open: 'text-green-700 dark:text-green-400',
  closed: 'text-red-700 dark:text-red-400',
  merged: 'text-purple-700 dark:text-purple-400',
  draft: 'text-muted-foreground',
};

function StateIcon({ reference }: { reference: GitHubReferenceDto }) {
  const props = { 'aria-hidden': true, className: 'size-3.5 shrink-0 self-center', 'data-testid': 'reference-icon' };
  if (reference.kind === 'issue') {
    return reference.state === 'closed' ? (
      <CircleCheck {...props} data-icon="issue-closed" />
    ) : (
      <CircleDot {...props} data-icon="issue-open" />
    );
  }
  switch (reference.state) {
    case 'merged':
      return <GitMerge {...props} data-icon="pull-merged" />;
    case 'closed':
      return <GitPullRequestClosed {...props} data-icon="pull-closed" />;
    case 'draft':
      return <GitPullRequestDraft {...props} data-icon="pull-draft" />;
    default:
      return <GitPullRequest {...props} data-icon="pull-open" />;
  }
}

/**
 * A GitHub issue or pull request in a message: a link to it. Resolved, it shows its number, title
 * and state (text and icon); unresolved (missing, GitHub unavailable, not yet read) it stays a
 * plain link with the text as written.
 */
export function GitHubReference({
  text,
  href,
  reference,
  roomRepo,
  tabbable,
}: {
  text: string;
  href: string;
  reference: GitHubReferenceDto | undefined;
  roomRepo: string | null;
  tabbable: boolean;
}) {
  const tabIndex = tabbable ? undefined : -1;
  if (!reference) {
    return (
      // dir="ltr" isolates the address: surrounding right-to-left text cannot reorder its parts.
      <a
        dir="ltr"
        href={href}
        target="_blank"
        rel={LINK_REL}
        tabIndex={tabIndex}
        data-reference="unresolved"
        className="break-all underline underline-offset-2"
      >
        {text}
      </a>
    );
  }
  const sameRepo = roomRepo !== null && roomRepo.toLowerCase() === reference.repo.toLowerCase();
  const label = `${sameRepo ? '' : reference.repo}#${reference.number}`;
  const state = REFERENCE_STATE_LABELS[reference.state];
  // `#12` is written as an issue address; a pull request's goes straight to its page.
  const issueSuffix = `/issues/${reference.number}`;
  const target =
    reference.kind === 'pull' && href.endsWith(issueSuffix)
      ? `${href.slice(0, -issueSuffix.length)}/pull/${reference.number}`
      : href;
  return (
    <a
      href={target}
      target="_blank"
      rel={LINK_REL}
      tabIndex={tabIndex}
      data-reference={reference.state}
      title={`${reference.repo}#${reference.number}`}
      className="mx-0.5 inline-flex max-w-full items-baseline gap-1 rounded border border-border bg-background/60 px-1 align-baseline no-underline hover:bg-background"
    >
      <span className={cn('inline-flex items-baseline gap-1', STATE_STYLE[reference.state])}>
        <StateIcon reference={reference} />
        <span dir="ltr" className="font-medium">
          {label}
        </span>
      </span>
      <bdi className="min-w-0 truncate underline-offset-2 hover:underline">{reference.title}</bdi>
      <span data-testid="reference-state" className={cn('shrink-0 text-xs font-medium', STATE_STYLE[reference.state])}>
        {state}
      </span>
    </a>
  );
}
