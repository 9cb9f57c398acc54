import { DAY_MS, isoSeconds } from './dates';
import { createRng } from './prng';
import type { Release, Repo } from './types';
import { RELEASE_WORDS } from './words';

/** Semver releases, newest first, published before the repository's last push. */
export function generateReleases(repo: Repo, authors: readonly string[]): Release[] {
  if (repo.quirk === 'empty' || repo.fork || authors.length === 0) return [];
  const rng = createRng(`${repo.full_name}:releases`);
  const count = repo.origin === 'demo' ? rng.int(0, 4) : rng.chance(0.15) ? 0 : rng.int(3, 15);
  const prefix = rng.chance(0.85) ? 'v' : '';
  let major = rng.int(0, 5);
  let minor = rng.int(0, 20);
  let patch = rng.int(0, 9);
  let published = Date.parse(repo.pushed_at) - rng.int(0, 20) * DAY_MS - rng.int(0, 86_399) * 1000;
  const created = Date.parse(repo.created_at);
  const releases: Release[] = [];
  for (let i = 0; i < count && published > created; i++) {
    const pre = i === 0 && rng.chance(0.2) ? rng.pick(['-rc.1', '-beta.2', '-alpha.1']) : '';
    const tag = `${prefix}${major}.${minor}.${patch}${pre}`;
    const naming = rng.next();
    releases.push({
      id: repo.id * 100 + i,
      tag_name: tag,
      name: naming < 0.7 ? tag : naming < 0.85 ? `${tag} "${rng.pick(RELEASE_WORDS)}"` : null,
      body: `Changes in ${tag}.\n\nGenerated sample data of the offline GitHub emulator.`,
      draft: false,
      prerelease: pre !== '',
      created_at: isoSeconds(published - rng.int(600, 7_200) * 1000),
      published_at: isoSeconds(published),
      authorLogin: rng.pick(authors),
      target_commitish: repo.default_branch,
    });
    // Step back one version: mostly patches, sometimes a minor, rarely a major.
    if (patch > 0 && rng.chance(0.6)) patch -= 1;
    else if (minor > 0) {
      minor -= 1;
      patch = rng.int(0, 6);
    } else if (major > 0) {
      major -= 1;
      minor = rng.int(3, 12);
      patch = rng.int(0, 6);
    } else break;
    published -= rng.int(5, 75) * DAY_MS + rng.int(0, 86_399) * 1000;
  }
  return releases;
}
