import type { Kysely } from 'kysely';
import { CODE_PREVIEW_MAX_BYTES, isCommitSha, parseBlobLink, type BlobLink } from '../../../shared/code-preview';
import type { CodePreviewResponse } from '../../../shared/api/code-preview';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import type { Database } from '../../db/schema';
import { domainErrors } from '../../errors';
import type { GitHubApi, UpstreamAllowance } from '../../github/github-services';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { REFERENCE_READS_PER_ROOM_HOUR } from './message-references.service';

/** A file at a commit never changes: its answer stands for this long (the cache keeps it while used). */
const COMMIT_FRESH_SECONDS = 365 * 24 * 3600;
const HOUR_MS = 3_600_000;
export const PREVIEW_UNAVAILABLE = 'This file cannot be previewed';

export interface CodePreviewDeps {
  db: Kysely<Database>;
  github: Pick<GitHubApi, 'getFileContents'>;
  webUrls: readonly string[];
  /** Where "View on GitHub" goes (the browser-facing GitHub). */
  webUrl: string;
  rateLimiter: Pick<RateLimiter, 'hit'>;
}

/**
 * Lines of a file a message links to, read through the cached GitHub client like the messages'
 * references: a commit SHA's answer is kept for good, a branch's or tag's for the cache lifetime,
 * and upstream reads come out of the room's hourly allowance for references. Anything that cannot
 * be shown (missing, binary, too large, a directory, quota) answers 404 and the link stays a link.
 */
export function createCodePreviewService({ db, github, webUrls, webUrl, rateLimiter }: CodePreviewDeps) {
  const allowance = (roomId: string): UpstreamAllowance => ({
    take: async () =>
      (
        await rateLimiter
          .hit(`github-references:${roomId}`, REFERENCE_READS_PER_ROOM_HOUR, HOUR_MS)
          .catch(() => undefined)
      )?.allowed ?? false,
  });

  async function read(roomId: string, link: BlobLink): Promise<string> {
    const file = await github
      .getFileContents(link.repo, link.path, link.ref, {
        visitor: true,
        upstream: allowance(roomId),
        ...(isCommitSha(link.ref) ? { freshForSeconds: COMMIT_FRESH_SECONDS } : {}),
      })
      .catch(() => null);
    if (!file || Array.isArray(file) || file.type !== 'file' || file.encoding !== 'base64') {
      throw domainErrors.notFound(PREVIEW_UNAVAILABLE);
    }
    if (typeof file.content !== 'string' || file.size > CODE_PREVIEW_MAX_BYTES) {
      throw domainErrors.notFound(PREVIEW_UNAVAILABLE);
    }
    const bytes = Buffer.from(file.content, 'base64');
    if (bytes.includes(0)) throw domainErrors.notFound(PREVIEW_UNAVAILABLE);
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    if (text.includes('\uFFFD')) throw domainErrors.notFound(PREVIEW_UNAVAILABLE);
    return text;
  }

  return {
    async preview(roomId: string, url: string): Promise<CodePreviewResponse> {
      const link = parseBlobLink(url, webUrls);
      if (!link) throw domainErrors.notFound(PREVIEW_UNAVAILABLE);
      if (!(await roomsRepository(db).findById(roomId))) throw domainErrors.notFound('Chat room not found');
      const lines = (await read(roomId, link)).replace(/\r\n?/g, '\n').split('\n');
      if (link.start > lines.length) throw domainErrors.notFound(PREVIEW_UNAVAILABLE);
      const shown = lines.slice(link.start - 1, link.end);
      const end = link.start + shown.length - 1;
      const anchor = end === link.start ? `#L${link.start}` : `#L${link.start}-L${end}`;
      const path = link.path.split('/').map(encodeURIComponent).join('/');
      return {
        repo: link.repo,
        ref: link.ref,
        path: link.path,
        start_line: link.start,
        end_line: end,
        lines: shown.map((line) => line.slice(0, 1000)),
        html_url: `${webUrl}/${link.repo}/blob/${encodeURIComponent(link.ref)}/${path}${anchor}`,
      };
    },
  };
}
