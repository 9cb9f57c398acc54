import type { ServerResponse } from 'node:http';
import type { Dataset } from '../dataset/index';
import { send } from '../http/send';
import type { EmulatorState } from '../state';
import { nodeAt } from './files';
import { resolveRef } from './refs';

/** `/{owner}/{repo}/raw/{ref}/{path}`: where the contents API's download_url points (GitHub Enterprise Server's layout). */
export const RAW_PATH = /^\/([^/]+)\/([^/]+)\/raw\/(.+)$/;

/**
 * Serves a file's bytes like GitHub's raw host: text as text/plain, anything else as
 * application/octet-stream, 404 "404: Not Found" for what does not exist. A ref may contain
 * slashes, so the longest prefix that names a ref wins.
 */
export function serveRawDownload(
  res: ServerResponse,
  path: string,
  deps: { dataset: Dataset; state: EmulatorState },
): void {
  const notFound = (): void =>
    send(res, 404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, '404: Not Found');
  const m = RAW_PATH.exec(path);
  if (!m) return notFound();
  let segments: string[];
  try {
    segments = (m[3] ?? '').split('/').map(decodeURIComponent);
  } catch {
    return notFound();
  }
  const found = deps.dataset.lookupRepo(decodeURIComponent(m[1] ?? ''), decodeURIComponent(m[2] ?? ''));
  if (found.kind !== 'found' || found.repo.quirk !== null) return notFound();
  for (let k = segments.length - 1; k >= 1; k--) {
    const ref = resolveRef(deps.dataset, deps.state, found.repo, segments.slice(0, k).join('/'));
    if (!ref) continue;
    const node = nodeAt(found.repo, segments.slice(k).join('/'));
    if (!node || node.type !== 'file') return notFound();
    send(
      res,
      200,
      {
        'content-type': node.binary ? 'application/octet-stream' : 'text/plain; charset=utf-8',
        'cache-control': 'max-age=300',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      },
      node.bytes,
    );
    return;
  }
  notFound();
}
