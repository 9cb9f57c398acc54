import type { ApiContext, ApiResult, Route } from '../api/context';
import { ApiError } from '../api/errors';
import { blobSha, listDirectory, nodeAt, treeSha, type Node } from '../contents/files';
import { JSON_CONTENT_LIMIT } from '../contents/paths';
import { resolveRef, type ResolvedRef } from '../contents/refs';
import type { Repo } from '../dataset/index';
import type { JsonObject } from '../present/users';
import { WEB } from '../present/urls';
import { resolveRepo } from './repo-lookup';

const CONTENTS_DOC = 'https://docs.github.com/rest/repos/contents#get-repository-content';

const encodePath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

/** Where a browser downloads a file: like GitHub Enterprise Server, `{web}/{owner}/{repo}/raw/{ref}/{path}`. */
export function downloadUrl(publicUrl: string, repo: Repo, ref: string, path: string): string {
  return `${publicUrl}/${repo.full_name}/raw/${encodePath(ref)}/${encodePath(path)}`;
}

/** The item GitHub describes a file or directory with; a file also carries its content (base64, 60 per line). */
function itemJson(ctx: ApiContext, repo: Repo, ref: ResolvedRef, node: Node, withContent: boolean): JsonObject {
  const api = ctx.urls.repo(repo.full_name);
  const self = `${api}/contents/${encodePath(node.path)}?ref=${encodeURIComponent(ref.name)}`;
  const isFile = node.type === 'file';
  const objectSha = isFile ? blobSha(node.bytes) : treeSha(repo, node.path);
  const git = `${api}/git/${isFile ? 'blobs' : 'trees'}/${objectSha}`;
  const html = `${WEB}/${repo.full_name}/${isFile ? 'blob' : 'tree'}/${encodePath(ref.name)}/${encodePath(node.path)}`;
  const item: JsonObject = {
    type: node.type,
    size: isFile ? node.bytes.length : 0,
    name: node.name,
    path: node.path,
    sha: objectSha,
    url: self,
    git_url: git,
    html_url: html,
    download_url: isFile ? downloadUrl(ctx.urls.publicUrl, repo, ref.name, node.path) : null,
  };
  if (isFile && withContent) {
    // Above 1 MB GitHub leaves the content out of the JSON answer; the raw media type still has it.
    const large = node.bytes.length > JSON_CONTENT_LIMIT;
    item.content = large ? '' : (node.bytes.toString('base64').match(/.{1,60}/g) ?? []).map((l) => `${l}\n`).join('');
    item.encoding = large ? 'none' : 'base64';
  }
  item._links = { self, git, html };
  return item;
}

function wants(ctx: ApiContext, media: 'raw' | 'object' | 'sha'): boolean {
  const accept = (ctx.headers.accept ?? '').toLowerCase();
  const pattern = new RegExp(`application/vnd\\.github(\\.v3)?\\.${media}(\\+json)?(\\s*[;,]|$)`);
  return accept.split(',').some((part) => pattern.test(part.trim()));
}

function emptyRepository(repo: Repo, status: number, message: string, doc: string): void {
  if (repo.quirk === 'empty') throw new ApiError(status, { message, documentation_url: doc, status: String(status) });
}

/** GET /repos/{o}/{r}/contents/{path}?ref= : a file, a directory's entries, or the raw bytes. */
function getContents(ctx: ApiContext): ApiResult {
  const path = (ctx.params.path ?? '').replace(/^\/+|\/+$/g, '');
  const repo = resolveRepo(ctx, `/contents/${path}`);
  emptyRepository(repo, 404, 'This repository is empty.', CONTENTS_DOC);
  const ref = resolveRef(ctx.dataset, ctx.state, repo, ctx.query.get('ref'));
  if (!ref)
    throw new ApiError(404, {
      message: `No commit found for the ref ${ctx.query.get('ref') ?? ''}`,
      documentation_url: CONTENTS_DOC,
      status: '404',
    });
  const node = nodeAt(repo, path);
  if (!node) throw new ApiError(404, { message: 'Not Found', documentation_url: CONTENTS_DOC, status: '404' });
  if (node.type === 'file' && wants(ctx, 'raw')) {
    return {
      status: 200,
      raw: {
        bytes: node.bytes,
        contentType: node.binary ? 'application/vnd.github.raw' : 'application/vnd.github.raw; charset=utf-8',
      },
      headers: { 'x-github-media-type': 'github.v3; param=raw; format=json' },
    };
  }
  if (node.type === 'file') return { status: 200, body: itemJson(ctx, repo, ref, node, true) };
  const entries = listDirectory(repo, path).map((entry) => itemJson(ctx, repo, ref, entry, false));
  if (wants(ctx, 'object')) return { status: 200, body: { ...itemJson(ctx, repo, ref, node, false), entries } };
  return { status: 200, body: entries };
}

export const contentRoutes: Route[] = [
  { method: 'GET', pattern: '/repos/:owner/:repo/contents', resource: 'core', handler: getContents },
  { method: 'GET', pattern: '/repos/:owner/:repo/contents/*path', resource: 'core', handler: getContents },
  { method: 'GET', pattern: '/repositories/:id/contents', resource: 'core', handler: getContents },
  { method: 'GET', pattern: '/repositories/:id/contents/*path', resource: 'core', handler: getContents },
];

export { emptyRepository, wants };
