/**
 * Code previews: a GitHub link to lines of a file
 * (`https://github.com/{owner}/{repo}/blob/{ref}/{path}#L10-L20`, or `#L10`) shows those lines
 * under the message (docs/PRODUCT.md §19).
 */

/** Lines a preview shows at most: a longer range is cut after this many. */
export const CODE_PREVIEW_MAX_LINES = 30;
/** Files larger than this are not previewed (the link stays as it is). */
export const CODE_PREVIEW_MAX_BYTES = 1_000_000;

export interface BlobLink {
  /** owner/name as written. */
  repo: string;
  /** A branch, tag or commit SHA (one path segment). */
  ref: string;
  path: string;
  start: number;
  /** Inclusive; at most CODE_PREVIEW_MAX_LINES - 1 after `start`. */
  end: number;
}

const BLOB_PATH = /^\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)\/blob\/([^/]+)\/([^#?]+)$/;
const LINES = /^#L(\d{1,7})(?:-L(\d{1,7}))?$/;

/** The file lines a link points at on one of these GitHub web origins, or null. */
export function parseBlobLink(href: string, webUrls: readonly string[]): BlobLink | null {
  const web = webUrls.find((origin) => href.toLowerCase().startsWith(`${origin.toLowerCase()}/`));
  if (!web) return null;
  const rest = href.slice(web.length);
  const hashAt = rest.indexOf('#');
  if (hashAt < 0) return null;
  const path = BLOB_PATH.exec(rest.slice(0, hashAt));
  const lines = LINES.exec(rest.slice(hashAt));
  if (!path || !lines) return null;
  const start = Number(lines[1]);
  const last = lines[2] === undefined ? start : Number(lines[2]);
  if (start < 1 || last < start) return null;
  let filePath: string;
  let ref: string;
  try {
    filePath = decodeURIComponent(path[4] as string);
    ref = decodeURIComponent(path[3] as string);
  } catch {
    return null;
  }
  if (filePath.split('/').some((part) => part === '' || part === '.' || part === '..')) return null;
  return {
    repo: `${path[1]}/${path[2]}`,
    ref,
    path: filePath,
    start,
    end: Math.min(last, start + CODE_PREVIEW_MAX_LINES - 1),
  };
}

/** A full commit SHA names content that never changes: its preview is kept for good. */
export function isCommitSha(ref: string): boolean {
  return /^[0-9a-f]{40}$/i.test(ref);
}

/** The highlight.js grammar of a file, by its extension (null: shown plain). */
export function languageOfPath(path: string): string | null {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : name;
  const languages: Record<string, string> = {
    ts: 'typescript',
    tsx: 'typescript',
    mts: 'typescript',
    cts: 'typescript',
    js: 'javascript',
    jsx: 'javascript',
    mjs: 'javascript',
    cjs: 'javascript',
    py: 'python',
    go: 'go',
    rs: 'rust',
    java: 'java',
    c: 'c',
    h: 'c',
    cpp: 'cpp',
    cc: 'cpp',
    hpp: 'cpp',
    rb: 'ruby',
    sh: 'bash',
    bash: 'bash',
    md: 'markdown',
    json: 'json',
    yml: 'yaml',
    yaml: 'yaml',
    toml: 'ini',
    css: 'css',
    scss: 'scss',
    html: 'xml',
    xml: 'xml',
    sql: 'sql',
    kt: 'kotlin',
    swift: 'swift',
    php: 'php',
    cs: 'csharp',
    makefile: 'makefile',
    dockerfile: 'dockerfile',
  };
  return languages[extension] ?? null;
}
