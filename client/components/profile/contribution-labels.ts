const LABELS: Record<string, string> = {
  PushEvent: 'Pushes',
  PullRequestEvent: 'Pull requests',
  PullRequestReviewEvent: 'Reviews',
  PullRequestReviewCommentEvent: 'Review comments',
  IssuesEvent: 'Issues',
  IssueCommentEvent: 'Issue comments',
  CreateEvent: 'Branches and tags',
  DeleteEvent: 'Deletions',
  WatchEvent: 'Stars',
  ForkEvent: 'Forks',
  ReleaseEvent: 'Releases',
  CommitCommentEvent: 'Commit comments',
  GollumEvent: 'Wiki edits',
  PublicEvent: 'Made public',
  MemberEvent: 'Collaborators',
};

/** A readable name for a GitHub event type ("PushEvent" → "Pushes"). */
export function contributionLabel(type: string): string {
  return LABELS[type] ?? type.replace(/Event$/, '').replace(/([a-z])([A-Z])/g, '$1 $2');
}
