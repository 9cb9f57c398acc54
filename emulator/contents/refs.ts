import { branchExists, branchHead, releasesOf } from '../activity/views';
import { sha } from '../dataset/activity';
import type { Dataset, Repo } from '../dataset/index';
import type { EmulatorState } from '../state';

export interface ResolvedRef {
  /** The ref as URLs show it: the branch or tag name, or the SHA. */
  name: string;
  /** The commit it points at. */
  sha: string;
  kind: 'branch' | 'tag' | 'sha';
}

/**
 * Resolves a ref of a repository: the default branch (also when none is given), a branch pushed
 * to through the emulator, a release's tag, or anything that looks like a full 40-hex SHA.
 * Everything else does not exist. (`refs/heads/x` and `refs/tags/x` are accepted too.)
 */
export function resolveRef(dataset: Dataset, state: EmulatorState, repo: Repo, ref: string | null): ResolvedRef | null {
  const wanted = ref === null || ref === '' ? repo.default_branch : ref;
  if (/^[0-9a-f]{40}$/i.test(wanted)) return { name: wanted.toLowerCase(), sha: wanted.toLowerCase(), kind: 'sha' };
  const branch = wanted.replace(/^refs\/heads\//, '');
  if (branchExists(state, repo, branch)) return { name: branch, sha: branchHead(state, repo, branch), kind: 'branch' };
  const tag = wanted.replace(/^refs\/tags\//, '');
  if (releasesOf(dataset, state, repo).some((r) => r.tag_name === tag))
    return { name: tag, sha: sha(`tag:${repo.full_name.toLowerCase()}:${tag}`), kind: 'tag' };
  return null;
}
