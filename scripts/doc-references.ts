/**
 * Checks that the repository's references resolve inside the repository, so that a clone is all a
 * reader needs: section citations (`docs/PRODUCT.md §5`, or `§5` inside a document for its own
 * sections), Markdown links and their anchors, file paths named in Markdown, `.md` files named in
 * comments (with a quoted section name after them, that section), and no mention of documents
 * that are not part of the repository.
 */
import fs from 'node:fs';
import path from 'node:path';
import { hasNamedPart, markdownOutline, withoutCodeBlocks, type MarkdownOutline } from './markdown-outline';

export interface ReferenceProblem {
  /** Repository-relative path, with forward slashes. */
  file: string;
  line: number;
  problem: string;
}

/** Top-level folders that are generated, installed or local, never part of a clone. */
const UNTRACKED_TOP_LEVEL = new Set([
  '.git',
  'node_modules',
  'dist',
  'data',
  'tmp',
  'coverage',
  'test-results',
  'playwright-report',
]);
const CODE_EXTENSIONS = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.yaml', '.yml', '.sh', '.conf']);
/** The checker and its tests: they hold broken references on purpose, as examples. */
const CHECKER_FILES = new Set(['scripts/doc-references.ts', 'scripts/doc-references.test.ts']);

const SECTION_CITATION = /§(\d+(?:\.\d+)*)/g;
const MD_TOKEN = /(?<![\w/.@:-])((?:\.{1,2}\/)*[\w-][\w.-]*(?:\/[\w.-]+)*\.md)(?![\w/-])/g;
const QUOTED_PART_AFTER = /^[)\]]*(?:,\s*(?:section\s+)?)?\s*["“]([^"”]+)["”]/;
const MARKDOWN_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^)]*["'])?\s*\)/g;
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/;
const INLINE_CODE = /`([^`\n]+)`/g;
const PATH_TOKEN = /^(?:\.{1,2}\/)*[\w@+-][\w@.+-]*(?:\/[\w@.+-]+)+\/?$/;
const SPEC_WORD = /(?<![\w-])SPEC(?![\w-])/g;
const GITHUB_DOC = /((?:[\w.-]+\/)*)GITHUB\.md/g;
const PARENT_SHARED = /((?:\.\.\/)+)shared\b/g;
const ABSOLUTE_DOCUMENT = /(?<![\w.:/-])\/(?:[\w.-]+\/)+[\w.-]+\.md\b/g;
/** How far after the document's name a `§` still belongs to it ("docs/PRODUCT.md §3 Filters, §9"). */
const CITATION_REACH = 48;

export function checkRepository(root: string): ReferenceProblem[] {
  const repo = new Repository(root);
  const problems: ReferenceProblem[] = [];
  for (const file of repo.files()) {
    if (!CHECKER_FILES.has(file)) problems.push(...checkFile(repo, file));
  }
  return problems;
}

class Repository {
  private outlines = new Map<string, MarkdownOutline | null>();

  constructor(readonly root: string) {}

  /** Every Markdown and code file of the clone, repository-relative. */
  files(): string[] {
    const found: string[] = [];
    const walk = (relative: string) => {
      for (const entry of fs.readdirSync(path.join(this.root, relative), { withFileTypes: true })) {
        const child = relative ? `${relative}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (entry.name === 'node_modules' || (!relative && UNTRACKED_TOP_LEVEL.has(entry.name))) continue;
          walk(child);
        } else if (entry.isFile() && isScanned(child)) {
          found.push(child);
        }
      }
    };
    walk('');
    return found.sort();
  }

  read(file: string): string {
    return fs.readFileSync(path.join(this.root, file), 'utf8');
  }

  /** A repository-relative path for `target` written in `fromFile`, or null when it leaves the clone. */
  resolve(fromFile: string, target: string, base: 'file' | 'root'): string | null {
    const from = base === 'root' ? '' : path.posix.dirname(fromFile);
    const joined = path.posix.normalize(path.posix.join(from === '.' ? '' : from, target));
    if (joined === '..' || joined.startsWith('../') || path.posix.isAbsolute(joined)) return null;
    const first = joined.split('/')[0] ?? '';
    if (UNTRACKED_TOP_LEVEL.has(first)) return null;
    return joined.replace(/\/$/, '') || '.';
  }

  exists(relative: string): boolean {
    return fs.existsSync(path.join(this.root, relative));
  }

  /** The target as written in `fromFile`: relative to that file, else to the repository's root. */
  find(fromFile: string, target: string): string | null {
    for (const base of ['file', 'root'] as const) {
      const resolved = this.resolve(fromFile, target, base);
      if (resolved && this.exists(resolved)) return resolved;
      if (target.startsWith('./') || target.startsWith('../')) break;
    }
    return null;
  }

  outline(file: string): MarkdownOutline | null {
    if (!this.outlines.has(file)) {
      this.outlines.set(file, file.endsWith('.md') && this.exists(file) ? markdownOutline(this.read(file)) : null);
    }
    return this.outlines.get(file) ?? null;
  }
}

function isScanned(file: string): boolean {
  const name = path.posix.basename(file);
  return (
    file.endsWith('.md') ||
    CODE_EXTENSIONS.has(path.posix.extname(name)) ||
    name === 'Dockerfile' ||
    file.startsWith('.ci/')
  );
}

function checkFile(repo: Repository, file: string): ReferenceProblem[] {
  const markdown = file.endsWith('.md');
  const text = repo.read(file);
  const lines = markdown ? withoutCodeBlocks(text) : text.split('\n');
  const problems: ReferenceProblem[] = [];
  const report = (index: number, problem: string) => problems.push({ file, line: index + 1, problem });
  lines.forEach((line, index) => {
    const say = (problem: string) => report(index, problem);
    checkForeignDocuments(repo, file, line, say);
    checkSectionCitations(repo, file, line, say);
    if (markdown) {
      checkMarkdownLinks(repo, file, line, say);
      checkCodePaths(repo, file, line, say);
    }
    checkDocumentNames(repo, file, markdown ? line : commentOf(line), say);
  });
  return problems;
}

/** Mentions of documents a clone does not have: the old specification, GitHub notes elsewhere. */
function checkForeignDocuments(repo: Repository, file: string, line: string, say: (problem: string) => void): void {
  for (const _ of line.matchAll(SPEC_WORD)) {
    say('cites "SPEC", a document that is not in the repository: cite docs/PRODUCT.md and its section');
  }
  for (const match of line.matchAll(GITHUB_DOC)) {
    if (repo.find(file, match[0]) !== 'docs/GITHUB.md') {
      say(`names ${match[0]}, which is not docs/GITHUB.md: name docs/GITHUB.md`);
    }
  }
  for (const match of line.matchAll(ABSOLUTE_DOCUMENT)) {
    say(`names ${match[0]}, a path on one machine that a clone does not have`);
  }
  for (const match of line.matchAll(PARENT_SHARED)) {
    if (repo.resolve(file, `${match[1] ?? ''}shared`, 'file') === null) {
      say(`points at ${match[0]}, outside the repository`);
    }
  }
}

/** `§N` cites section N of the document named just before it, or of this document when it is Markdown. */
function checkSectionCitations(repo: Repository, file: string, line: string, say: (problem: string) => void): void {
  for (const match of line.matchAll(SECTION_CITATION)) {
    const section = match[1] ?? '';
    const before = line.slice(0, match.index);
    const named = [...before.matchAll(MD_TOKEN)].at(-1);
    const nearby = named && before.length - (named.index + named[0].length) <= CITATION_REACH ? named[1] : undefined;
    let target: string | null;
    if (nearby) {
      target = repo.find(file, nearby);
      if (!target) {
        say(`cites ${nearby} §${section}, but ${nearby} is not in the repository`);
        continue;
      }
    } else if (file.endsWith('.md')) {
      target = file;
    } else {
      say(`cites §${section} without naming the document: write it as docs/PRODUCT.md §${section}`);
      continue;
    }
    const outline = repo.outline(target);
    if (!outline) say(`cites ${target} §${section}, but ${target} is not a Markdown document`);
    else if (!outline.sections.has(section))
      say(`cites ${target} §${section}, but ${target} has no section ${section}`);
  }
}

function checkMarkdownLinks(repo: Repository, file: string, line: string, say: (problem: string) => void): void {
  const prose = line.replace(INLINE_CODE, (span) => ' '.repeat(span.length));
  const targets = [...prose.matchAll(MARKDOWN_LINK)].map((match) => match[1] ?? '');
  const definition = REFERENCE_DEFINITION.exec(prose)?.[1];
  if (definition) targets.push(definition);
  for (const target of targets) {
    if (/^[a-z][a-z\d+.-]*:/i.test(target)) continue;
    const [rawPath = '', anchor] = target.split('#', 2);
    const linkedPath = safeDecode(rawPath);
    const resolved = linkedPath
      ? repo.resolve(file, linkedPath.replace(/^\//, ''), linkedPath.startsWith('/') ? 'root' : 'file')
      : file;
    if (!resolved || !repo.exists(resolved)) {
      say(`links to ${target}, which is not in the repository`);
      continue;
    }
    if (anchor === undefined || !resolved.endsWith('.md')) continue;
    const outline = repo.outline(resolved);
    if (outline && !outline.anchors.has(safeDecode(anchor).toLowerCase())) {
      say(`links to ${target}, but ${resolved} has no heading with the anchor #${anchor}`);
    }
  }
}

/** A path in inline code (`server/app.ts`) that starts at a folder of the repository must exist. */
/** A path under a generated, installed or local top-level folder (a built `dist/` is not the clone's). */
function isUntracked(relative: string): boolean {
  return UNTRACKED_TOP_LEVEL.has(path.posix.normalize(relative).split('/')[0] ?? '');
}

function checkCodePaths(repo: Repository, file: string, line: string, say: (problem: string) => void): void {
  for (const match of line.matchAll(INLINE_CODE)) {
    const token = (match[1] ?? '').trim();
    if (!PATH_TOKEN.test(token)) continue;
    const first = token.split('/')[0] ?? '';
    let resolved: string | null = null;
    if (first === '.' || first === '..') resolved = repo.resolve(file, token, 'file');
    else if (!UNTRACKED_TOP_LEVEL.has(first) && repo.exists(first)) resolved = repo.resolve(file, token, 'root');
    else if (
      !isUntracked(path.posix.join(path.posix.dirname(file), first)) &&
      repo.exists(path.posix.join(path.posix.dirname(file), first))
    )
      resolved = repo.resolve(file, token, 'file');
    else continue;
    if (!resolved || !repo.exists(resolved)) say(`names \`${token}\`, which is not in the repository`);
  }
}

/** Every `.md` file named must exist, and a section named in quotes after it must be one of its parts. */
function checkDocumentNames(repo: Repository, file: string, text: string, say: (problem: string) => void): void {
  for (const match of text.matchAll(MD_TOKEN)) {
    const name = match[1] ?? '';
    const found = repo.find(file, name);
    if (!found) {
      say(`names ${name}, which is not in the repository`);
      continue;
    }
    const part = QUOTED_PART_AFTER.exec(text.slice(match.index + name.length))?.[1];
    const outline = part ? repo.outline(found) : null;
    if (part && outline && !hasNamedPart(outline, part)) say(`names ${found} "${part}", which has no such section`);
  }
}

/** The comment part of a line of code (whole-line comments and trailing `// …`), or ''. */
function commentOf(line: string): string {
  const trimmed = line.trimStart();
  if (/^(\/\/|\/\*|\*|\{\/\*|#)/.test(trimmed)) return line;
  const trailing = line.indexOf(' // ');
  return trailing >= 0 ? line.slice(trailing) : '';
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
