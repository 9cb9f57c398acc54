import { createHash } from 'node:crypto';
import type { Repo } from '../dataset/index';
import { createRng } from '../dataset/prng';
import { generateBinary } from './binary';
import { classifyPath, isLargeFile, sourceExtension } from './paths';
import { generateText } from './source';

/** A file or directory of a repository, as the contents API describes it. */
export type Node =
  | { type: 'file'; path: string; name: string; bytes: Buffer; binary: boolean }
  | { type: 'dir'; path: string; name: string };

const nameOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** The file or directory at `path` ("" for the root), or null when it does not exist. */
export function nodeAt(repo: Repo, path: string): Node | null {
  const entry = classifyPath(path);
  if (!entry) return null;
  if (entry.kind === 'dir') return { type: 'dir', path, name: nameOf(path) };
  if (entry.kind === 'binary')
    return {
      type: 'file',
      path,
      name: nameOf(path),
      bytes: generateBinary(entry.binary, repo.full_name, path),
      binary: true,
    };
  const text = generateText(entry.text, repo.full_name, path, isLargeFile(path));
  return { type: 'file', path, name: nameOf(path), bytes: Buffer.from(text, 'utf8'), binary: false };
}

/** git's object id of a blob: SHA-1 of "blob {size}\0" and the bytes. */
export function blobSha(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** A stable id for a directory (git would hash its tree). */
export function treeSha(repo: Repo, path: string): string {
  return createHash('sha1').update(`tree ${repo.full_name.toLowerCase()}:${path}`).digest('hex');
}

const MANIFESTS: Record<string, string> = {
  ts: 'package.json',
  js: 'package.json',
  vue: 'package.json',
  svelte: 'package.json',
  py: 'pyproject.toml',
  go: 'go.mod',
  rs: 'Cargo.toml',
  java: 'pom.xml',
  kt: 'build.gradle.kts',
  rb: 'Gemfile',
  c: 'Makefile',
  cpp: 'Makefile',
};

const MODULE_NAMES = ['index', 'cache', 'config', 'parser', 'render', 'server', 'client', 'errors', 'types', 'utils'];
const SUBDIRS = ['internal', 'utils', 'core', 'plugins', 'fixtures'];

/** A directory's entries: the usual top level at the root, a few source files and folders below it. */
export function listDirectory(repo: Repo, path: string): Node[] {
  const ext = sourceExtension(repo.language);
  const join = (name: string): string => (path === '' ? name : `${path}/${name}`);
  let names: string[];
  if (path === '') {
    names = ['README.md', '.gitignore', 'src', 'docs', 'tests', '.github'];
    if (repo.license) names.push('LICENSE');
    const manifest = MANIFESTS[ext];
    if (manifest) names.push(manifest);
  } else {
    const rng = createRng(`tree:${repo.full_name.toLowerCase()}:${path}`);
    const depth = path.split('/').length;
    const fileExt = /(^|\/)docs$/.test(path) ? 'md' : /(^|\/)\.github$/.test(path) ? 'yml' : ext;
    names = rng.sample(MODULE_NAMES, rng.int(3, 8)).map((m) => `${m}.${fileExt}`);
    if (depth < 4) names.push(...rng.sample(SUBDIRS, rng.int(0, 2)));
  }
  return names
    .map((name) => nodeAt(repo, join(name)))
    .filter((node): node is Node => node !== null)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
