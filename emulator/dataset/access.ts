/**
 * Repository roles the demo accounts hold beyond their own repositories (which they own, so
 * GitHub shows them as admin there). docs/FEATURES.md "Demo accounts" lists them; the control
 * API (PUT/DELETE /__control/repo-access) changes them while the emulator runs.
 */
export type RepoRole = 'admin' | 'maintain' | 'write' | 'triage' | 'read';

export const REPO_ROLES: readonly RepoRole[] = ['admin', 'maintain', 'write', 'triage', 'read'];

export interface RepoAccessGrant {
  login: string;
  repo: string;
  role: RepoRole;
}

export const DEMO_REPO_ACCESS: readonly RepoAccessGrant[] = [
  { login: 'margaret-demo', repo: 'excalidraw/excalidraw', role: 'admin' },
  { login: 'margaret-demo', repo: 'sveltejs/svelte', role: 'maintain' },
  { login: 'barbara-demo', repo: 'fastapi/fastapi', role: 'maintain' },
  { login: 'ken-demo', repo: 'fastapi/fastapi', role: 'write' },
];

/** The key of a grant: logins and repository names are case-insensitive on GitHub. */
export function repoAccessKey(login: string, repo: string): string {
  return `${login.toLowerCase()} ${repo.toLowerCase()}`;
}

/** GitHub's `permissions` object for a role (each role includes the ones below it). */
export function permissionsOf(role: RepoRole | null): Record<string, boolean> {
  const rank = role === null ? 0 : REPO_ROLES.length - REPO_ROLES.indexOf(role);
  return {
    admin: rank >= 5,
    maintain: rank >= 4,
    push: rank >= 3,
    triage: rank >= 2,
    pull: true,
  };
}
