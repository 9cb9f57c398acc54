import { DAY_MS } from '../dataset/dates';
import type { Issue, Release } from '../dataset/index';
import type { JsonObject } from '../present/users';

/** GitHub lists the events of the last 30 days (90 before January 2025), at most 300 of them. */
export const EVENT_RETENTION_MS = 30 * DAY_MS;
export const MAX_LISTED_EVENTS = 300;

export type RepoEventType = 'ReleaseEvent' | 'PullRequestEvent' | 'IssuesEvent' | 'PushEvent';

/** An event as GitHub recorded it: its JSON is fixed when it happens, like GitHub's. */
export interface StoredEvent {
  id: string;
  type: RepoEventType;
  createdMs: number;
  json: JsonObject;
}

/** A commit pushed through the emulator (readable at /commits/{sha}). */
export interface PushedCommit {
  sha: string;
  parent: string;
  message: string;
  authorLogin: string;
  atMs: number;
}

/** What has happened to one repository since the emulator started. */
export interface RepoActivity {
  events: StoredEvent[];
  /** Issues and pull requests created here, newest first. */
  issues: Issue[];
  /** Releases published here, newest first. */
  releases: Release[];
  /** Branch name → head SHA, for branches pushed to. */
  heads: Map<string, string>;
  /** Pull request number → login of whoever merged it here. */
  mergedBy: Map<number, string>;
  /** ISO time of the last push, when there was one. */
  pushedAt: string | null;
}

/**
 * Everything produced while the emulator runs (control API, issue creation, ambient activity),
 * keyed by lower-case repository full name; the dataset itself never changes. Cleared by reset.
 */
export class ActivityStore {
  private readonly repos = new Map<string, RepoActivity>();
  readonly commits = new Map<string, PushedCommit>();
  /** Repositories whose issues were switched off or on through the control API. */
  readonly hasIssues = new Map<string, boolean>();
  private lastEventId = 0;
  private sequence = 0;

  of(fullName: string): RepoActivity {
    const key = fullName.toLowerCase();
    let activity = this.repos.get(key);
    if (!activity) {
      activity = { events: [], issues: [], releases: [], heads: new Map(), mergedBy: new Map(), pushedAt: null };
      this.repos.set(key, activity);
    }
    return activity;
  }

  peek(fullName: string): RepoActivity | undefined {
    return this.repos.get(fullName.toLowerCase());
  }

  /**
   * A new event id: increasing, and derived from the clock so that ids keep increasing across
   * restarts of the emulator (GitHub's are increasing numbers in a string).
   */
  nextEventId(nowMs: number): string {
    this.lastEventId = Math.max(this.lastEventId + 1, 30_000_000_000 + Math.floor(nowMs / 1000) * 10);
    return String(this.lastEventId);
  }

  /** A counter for ids of created issues and releases (outside the dataset's id ranges). */
  nextSequence(): number {
    this.sequence += 1;
    return this.sequence;
  }

  record(fullName: string, event: StoredEvent): void {
    const list = this.of(fullName).events;
    list.unshift(event);
    // Older events are never listed again: keep memory bounded.
    if (list.length > MAX_LISTED_EVENTS) list.length = MAX_LISTED_EVENTS;
  }

  /** The repository's events as GitHub lists them: newest first, last 30 days, at most 300. */
  listed(fullName: string, nowMs: number): StoredEvent[] {
    const list = this.peek(fullName)?.events ?? [];
    return list.filter((e) => e.createdMs > nowMs - EVENT_RETENTION_MS).slice(0, MAX_LISTED_EVENTS);
  }

  clear(): void {
    this.repos.clear();
    this.commits.clear();
    this.hasIssues.clear();
    // lastEventId survives a reset on purpose: event ids never repeat within a process.
  }
}
