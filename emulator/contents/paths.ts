/**
 * Which paths exist in a repository of the emulator. The repositories are real but their files
 * are not stored, so existence follows a rule (emulator/README.md, "File contents"):
 *
 * - a path whose last segment has a known extension (`src/index.ts`) or is a well-known file name
 *   (`README`, `LICENSE`, `Makefile`, `Dockerfile`, `.gitignore`) is a file;
 * - a path whose last segment has no extension (`src`, `.github`) is a directory, and so is "";
 * - a path with a segment named `missing` (or `missing.<ext>`, e.g. `src/missing.ts`), an empty, `.` or `..` segment, a `.git` segment, a file
 *   name with an unknown extension, or a segment below a file, does not exist (404).
 */

export type TextKind =
  | 'typescript'
  | 'javascript'
  | 'python'
  | 'go'
  | 'rust'
  | 'java'
  | 'c'
  | 'ruby'
  | 'shell'
  | 'markdown'
  | 'text'
  | 'json'
  | 'yaml'
  | 'toml'
  | 'css'
  | 'html'
  | 'xml'
  | 'sql'
  | 'csv';

export type BinaryKind = 'png' | 'gif' | 'bmp' | 'jpeg' | 'webp' | 'ico' | 'pdf' | 'zip' | 'gzip' | 'woff' | 'wasm';

export type PathEntry = { kind: 'dir' } | { kind: 'text'; text: TextKind } | { kind: 'binary'; binary: BinaryKind };

const TEXT_EXTENSIONS: Record<string, TextKind> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  py: 'python',
  pyi: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'java',
  kts: 'java',
  scala: 'java',
  swift: 'java',
  cs: 'java',
  dart: 'java',
  php: 'java',
  c: 'c',
  h: 'c',
  cc: 'c',
  cpp: 'c',
  cxx: 'c',
  hpp: 'c',
  m: 'c',
  rb: 'ruby',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  md: 'markdown',
  markdown: 'markdown',
  mdx: 'markdown',
  rst: 'text',
  adoc: 'text',
  txt: 'text',
  json: 'json',
  yml: 'yaml',
  yaml: 'yaml',
  toml: 'toml',
  ini: 'toml',
  cfg: 'toml',
  lock: 'toml',
  css: 'css',
  scss: 'css',
  sass: 'css',
  less: 'css',
  html: 'html',
  htm: 'html',
  vue: 'html',
  svelte: 'html',
  xml: 'xml',
  svg: 'xml',
  sql: 'sql',
  csv: 'csv',
  tsv: 'csv',
};

const BINARY_EXTENSIONS: Record<string, BinaryKind> = {
  png: 'png',
  gif: 'gif',
  bmp: 'bmp',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  webp: 'webp',
  ico: 'ico',
  pdf: 'pdf',
  zip: 'zip',
  gz: 'gzip',
  tgz: 'gzip',
  woff: 'woff',
  woff2: 'woff',
  wasm: 'wasm',
};

/** Files named without an extension that every repository may have. */
const NAMED_FILES: Record<string, TextKind> = {
  readme: 'markdown',
  license: 'text',
  licence: 'text',
  copying: 'text',
  notice: 'text',
  authors: 'text',
  changelog: 'markdown',
  contributing: 'markdown',
  makefile: 'shell',
  dockerfile: 'shell',
  procfile: 'shell',
  gemfile: 'ruby',
  rakefile: 'ruby',
  '.gitignore': 'text',
  '.gitattributes': 'text',
  '.editorconfig': 'toml',
  '.npmrc': 'toml',
  '.nvmrc': 'text',
  '.prettierrc': 'json',
  '.eslintrc': 'json',
  '.dockerignore': 'text',
};

/** Segment names that never exist, so a test can ask for a missing file on purpose. */
export const MISSING_SEGMENT = 'missing';

function fileKind(name: string): PathEntry | null | 'dir-like' {
  const lower = name.toLowerCase();
  const named = NAMED_FILES[lower];
  if (named) return { kind: 'text', text: named };
  const dot = lower.lastIndexOf('.');
  if (dot <= 0) return 'dir-like';
  const ext = lower.slice(dot + 1);
  const text = TEXT_EXTENSIONS[ext];
  if (text) return { kind: 'text', text };
  const binary = BINARY_EXTENSIONS[ext];
  if (binary) return { kind: 'binary', binary };
  return null;
}

/** What `path` (no leading or trailing slash; "" is the root) is, or null when it cannot exist. */
export function classifyPath(path: string): PathEntry | null {
  if (path === '') return { kind: 'dir' };
  const segments = path.split('/');
  for (const [i, segment] of segments.entries()) {
    const lower = segment.toLowerCase();
    if (segment === '' || segment === '.' || segment === '..' || lower === '.git') return null;
    if (lower === MISSING_SEGMENT || lower.startsWith(`${MISSING_SEGMENT}.`)) return null;
    const kind = fileKind(segment);
    const last = i === segments.length - 1;
    if (!last && kind !== 'dir-like' && kind !== null) return null;
    if (last) return kind === 'dir-like' ? { kind: 'dir' } : kind;
  }
  return null;
}

/** Files at least this large are not sent in the JSON answer (GitHub: content "", encoding "none"). */
export const JSON_CONTENT_LIMIT = 1024 * 1024;

/** A file whose name starts with "large" (`large.json`, `large-bundle.js`) is made bigger than 1 MB. */
export function isLargeFile(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  return name.startsWith('large');
}

/** The extension a repository's source files get, from its language. */
export function sourceExtension(language: string | null): string {
  const byLanguage: Record<string, string> = {
    TypeScript: 'ts',
    JavaScript: 'js',
    Python: 'py',
    'Jupyter Notebook': 'py',
    Go: 'go',
    Rust: 'rs',
    Java: 'java',
    Kotlin: 'kt',
    Scala: 'scala',
    Swift: 'swift',
    'C#': 'cs',
    Dart: 'dart',
    PHP: 'php',
    C: 'c',
    'C++': 'cpp',
    'Objective-C': 'm',
    Ruby: 'rb',
    Shell: 'sh',
    HTML: 'html',
    CSS: 'css',
    Vue: 'vue',
    Svelte: 'svelte',
  };
  return (language && byLanguage[language]) ?? 'md';
}
