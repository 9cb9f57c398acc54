import type { Release } from '../dataset/index';
import { createRng } from '../dataset/prng';
import { ISSUE_SUBJECTS, ISSUE_VERBS, PR_PREFIXES } from '../dataset/words';

/** Plausible titles, commit messages and tags for activity nobody wrote, from a seed string. */

export function generatedIssueTitle(seed: string): string {
  const rng = createRng(`issue-title:${seed}`);
  return `${rng.pick(ISSUE_VERBS)} ${rng.pick(ISSUE_SUBJECTS)}`;
}

export function generatedPullTitle(seed: string): string {
  const rng = createRng(`pull-title:${seed}`);
  return `${rng.pick(PR_PREFIXES)} ${rng.pick(ISSUE_VERBS).toLowerCase()} ${rng.pick(ISSUE_SUBJECTS)}`;
}

export function generatedCommitMessages(seed: string, count: number): string[] {
  const rng = createRng(`commits:${seed}`);
  return Array.from({ length: count }, () => `${rng.pick(ISSUE_VERBS)} ${rng.pick(ISSUE_SUBJECTS)}`);
}

/** The release after the newest one: a patch bump (v1.2.3 → v1.2.4), or v0.1.0 for a first release. */
export function nextTag(releases: readonly Release[], taken: (tag: string) => boolean): string {
  const newest = releases.find((r) => /\d+\.\d+\.\d+/.test(r.tag_name));
  const m = newest ? /^(.*?)(\d+)\.(\d+)\.(\d+)/.exec(newest.tag_name) : null;
  const prefix = m ? (m[1] ?? '') : 'v';
  const major = m ? Number(m[2]) : 0;
  let minor = m ? Number(m[3]) : 1;
  let patch = m ? Number(m[4]) + 1 : 0;
  let tag = `${prefix}${major}.${minor}.${patch}`;
  while (taken(tag)) {
    patch += 1;
    if (patch > 99) {
      minor += 1;
      patch = 0;
    }
    tag = `${prefix}${major}.${minor}.${patch}`;
  }
  return tag;
}
