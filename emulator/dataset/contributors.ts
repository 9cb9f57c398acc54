import { createRng } from './prng';
import type { Contributor, Repo } from './types';

/**
 * Contributors, most contributions first: the owner (for personal repositories), demo accounts
 * that work on the repository, then fictional logins from the pool.
 */
export function generateContributors(
  repo: Repo,
  ownerIsUser: boolean,
  demoContributors: readonly string[],
  pool: readonly string[],
): Contributor[] {
  if (repo.quirk === 'empty') return [];
  const rng = createRng(`${repo.full_name}:contributors`);
  const logins: string[] = [];
  if (ownerIsUser) logins.push(repo.ownerLogin);
  const count = repo.origin === 'demo' ? rng.int(1, 4) : rng.int(10, 30);
  const picks = rng.sample(pool, count + 4);
  const demo = demoContributors.slice();
  for (const login of [...demo, ...picks]) {
    if (logins.length >= count) break;
    if (!logins.includes(login)) logins.push(login);
  }
  let top = repo.origin === 'demo' ? rng.int(40, 400) : rng.int(300, 6000);
  const result: Contributor[] = [];
  for (const login of logins) {
    result.push({ login, contributions: top });
    top = Math.max(1, Math.floor(top * (0.45 + rng.next() * 0.5)));
  }
  return result;
}
