import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkRepository } from './doc-references';
import { headingSlug, markdownOutline } from './markdown-outline';

const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A small repository with the given files; answers its problems as "file:line: problem". */
function problemsOf(files: Record<string, string>): string[] {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-references-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return checkRepository(root).map((p) => `${p.file}:${p.line}: ${p.problem}`);
}

const PRODUCT = ['# Product', '', '## 1. What it is', '', '## 5. Rules', '', '### 5.2 Messages', ''].join('\n');

describe('the repository', () => {
  it('cites only sections, files and documents that exist in it', () => {
    expect(checkRepository(REPOSITORY_ROOT)).toEqual([]);
  });
});

describe('section citations', () => {
  it('accepts a numbered section of the named document, nested ones included', () => {
    expect(
      problemsOf({
        'docs/PRODUCT.md': PRODUCT,
        'shared/limits.ts': '/** Limits (docs/PRODUCT.md §5, §5.2). */\nexport const a = 1;\n',
      }),
    ).toEqual([]);
  });

  it('refuses a section the document does not have', () => {
    expect(problemsOf({ 'docs/PRODUCT.md': PRODUCT, 'shared/limits.ts': '// Limits (docs/PRODUCT.md §9).\n' })).toEqual(
      ['shared/limits.ts:1: cites docs/PRODUCT.md §9, but docs/PRODUCT.md has no section 9'],
    );
  });

  it('refuses a document that is not in the repository', () => {
    expect(problemsOf({ 'server/a.ts': '// See docs/RULES.md §2.\n' })).toEqual([
      'server/a.ts:1: cites docs/RULES.md §2, but docs/RULES.md is not in the repository',
      'server/a.ts:1: names docs/RULES.md, which is not in the repository',
    ]);
  });

  it('refuses a section sign in code that names no document', () => {
    expect(problemsOf({ 'docs/PRODUCT.md': PRODUCT, 'client/a.ts': '// The rule of §5.\n' })).toEqual([
      'client/a.ts:1: cites §5 without naming the document: write it as docs/PRODUCT.md §5',
    ]);
  });

  it('reads a bare section sign in a Markdown document as one of its own sections', () => {
    const text = `${PRODUCT}\nSee §5 and §7.\n`;
    expect(problemsOf({ 'docs/PRODUCT.md': text })).toEqual([
      'docs/PRODUCT.md:9: cites docs/PRODUCT.md §7, but docs/PRODUCT.md has no section 7',
    ]);
  });

  it('resolves a document named in a link, relative to the Markdown file', () => {
    expect(
      problemsOf({ 'docs/PRODUCT.md': PRODUCT, 'docs/FEATURES.md': '# F\n\nRules: [PRODUCT.md](PRODUCT.md) §5.\n' }),
    ).toEqual([]);
  });
});

describe('documents outside the repository', () => {
  it('refuses the old specification, by name or as SPEC.md', () => {
    expect(problemsOf({ 'server/a.ts': '// As SPEC §5 says.\n', 'README.md': 'Read SPEC.md first.\n' })).toEqual([
      'README.md:1: cites "SPEC", a document that is not in the repository: cite docs/PRODUCT.md and its section',
      'README.md:1: names SPEC.md, which is not in the repository',
      'server/a.ts:1: cites "SPEC", a document that is not in the repository: cite docs/PRODUCT.md and its section',
      'server/a.ts:1: cites §5 without naming the document: write it as docs/PRODUCT.md §5',
    ]);
  });

  it('accepts docs/GITHUB.md and refuses a GITHUB.md anywhere else', () => {
    const github = '# GitHub\n\n## 2. Calls\n';
    expect(
      problemsOf({
        'docs/GITHUB.md': github,
        'server/github/api.ts': '/** Reads (docs/GITHUB.md §2). */\n// Reads (GITHUB.md §2).\n',
      }),
    ).toEqual([
      'server/github/api.ts:2: names GITHUB.md, which is not docs/GITHUB.md: name docs/GITHUB.md',
      'server/github/api.ts:2: cites GITHUB.md §2, but GITHUB.md is not in the repository',
      'server/github/api.ts:2: names GITHUB.md, which is not in the repository',
    ]);
  });

  it('refuses a document named by an absolute path', () => {
    expect(
      problemsOf({ 'docs/A.md': '# A\n\nThe rules: /srv/notes/SPEC-rules.md, and https://example.com/x.md.\n' }),
    ).toEqual(['docs/A.md:3: names /srv/notes/SPEC-rules.md, a path on one machine that a clone does not have']);
  });

  it('refuses a path that climbs out of the repository, and accepts imports that stay in it', () => {
    expect(
      problemsOf({
        'shared/limits.ts': 'export const a = 1;\n',
        'server/app.ts': "import { a } from '../shared/limits';\n",
        'docs/ARCHITECTURE.md': '# A\n\nThe spec is in `../../shared/` beside the clone.\n',
      }),
    ).toEqual(['docs/ARCHITECTURE.md:3: points at ../../shared, outside the repository']);
  });
});

describe('links and paths in Markdown', () => {
  it('refuses a link to a missing file and to a missing heading', () => {
    const readme = [
      '# App',
      '',
      '## Scaled deployment (PostgreSQL + Redis, several processes)',
      '',
      'See [deploy](deploy/nginx.conf), [scaling](#scaled-deployment-postgresql--redis-several-processes),',
      '[docs](docs/GUIDE.md) and [tests](#tests).',
    ].join('\n');
    expect(problemsOf({ 'README.md': readme, 'deploy/nginx.conf': 'events {}\n' })).toEqual([
      'README.md:6: links to docs/GUIDE.md, which is not in the repository',
      'README.md:6: links to #tests, but README.md has no heading with the anchor #tests',
      'README.md:6: names docs/GUIDE.md, which is not in the repository',
    ]);
  });

  it('resolves links from the folder of the Markdown file', () => {
    const doc = '# Perf\n\n![chart](../bench/results/chart.svg) and [home](../README.md#app).\n';
    expect(
      problemsOf({ 'docs/PERFORMANCE.md': doc, 'bench/results/chart.svg': '<svg/>', 'README.md': '# App\n' }),
    ).toEqual([]);
  });

  it('refuses a path in inline code that starts at a folder of the repository but does not exist', () => {
    const doc = '# A\n\n`server/app.ts` builds it; `server/gone.ts` did; `owner/name` and `/api/me` are not files.\n';
    expect(problemsOf({ 'docs/A.md': doc, 'server/app.ts': '' })).toEqual([
      'docs/A.md:3: names `server/gone.ts`, which is not in the repository',
    ]);
  });

  it('does not check fenced code blocks', () => {
    const doc = '# A\n\n```sh\nnode server/gone.ts   # see SPEC.md §9\n```\n';
    expect(problemsOf({ 'docs/A.md': doc })).toEqual([]);
  });
});

describe('documents named in comments', () => {
  it('requires the file, and the section named in quotes after it', () => {
    const features = '# Features\n\n## Discovery filters\n\n- **Demo accounts**: six of them.\n';
    const code = [
      '/** Documented in docs/FEATURES.md, section "Discovery filters". */',
      '// Listed in docs/FEATURES.md "Demo accounts".',
      '// See docs/FEATURES.md "Moderation".',
      "const file = 'results.md'; // written by the benchmark, not a reference",
    ].join('\n');
    expect(problemsOf({ 'docs/FEATURES.md': features, 'shared/api.ts': code })).toEqual([
      'shared/api.ts:3: names docs/FEATURES.md "Moderation", which has no such section',
    ]);
  });
});

describe('markdown outline', () => {
  it('numbers sections and derives the anchors GitHub gives headings', () => {
    const outline = markdownOutline('# T\n\n## 2. Screens\n\n### 2.1 Home (`/`)\n\n## Notes\n\n## Notes\n');
    expect([...outline.sections]).toEqual(['2', '2.1']);
    expect([...outline.anchors]).toEqual(['t', '2-screens', '21-home-', 'notes', 'notes-1']);
    expect(headingSlug('Operations: metrics')).toBe('operations-metrics');
  });
});
