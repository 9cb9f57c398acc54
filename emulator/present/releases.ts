import type { Dataset, Release, Repo } from '../dataset/index';
import { nodeId } from '../dataset/ids';
import { simpleUser, type JsonObject } from './users';
import { WEB, type Urls } from './urls';

export function releaseJson(release: Release, repo: Repo, urls: Urls, dataset: Dataset): JsonObject {
  const repoApi = urls.repo(repo.full_name);
  const author = dataset.account(release.authorLogin);
  if (!author) throw new Error(`dataset has no account ${release.authorLogin}`);
  return {
    url: `${repoApi}/releases/${release.id}`,
    assets_url: `${repoApi}/releases/${release.id}/assets`,
    upload_url: `${urls.publicUrl}/api/uploads/repos/${repo.full_name}/releases/${release.id}/assets{?name,label}`,
    html_url: `${WEB}/${repo.full_name}/releases/tag/${encodeURIComponent(release.tag_name)}`,
    id: release.id,
    author: simpleUser(author, urls),
    node_id: nodeId('Release', release.id),
    tag_name: release.tag_name,
    target_commitish: release.target_commitish,
    name: release.name,
    draft: release.draft,
    immutable: false,
    prerelease: release.prerelease,
    created_at: release.created_at,
    updated_at: release.published_at,
    published_at: release.published_at,
    assets: [],
    tarball_url: `${repoApi}/tarball/${encodeURIComponent(release.tag_name)}`,
    zipball_url: `${repoApi}/zipball/${encodeURIComponent(release.tag_name)}`,
    body: release.body,
  };
}
