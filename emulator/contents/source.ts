import { createRng, type Rng } from '../dataset/prng';
import type { TextKind } from './paths';

/**
 * Plausible, deterministic text for a file of a repository: the same (repository, path) always
 * gives the same bytes, so a link to lines 3-5 always shows the same three lines. Sources have a
 * header naming the file, then functions (or sections, rules, rows) until a length of 120-420 lines.
 */

const VERBS = ['load', 'parse', 'render', 'resolve', 'build', 'format', 'validate', 'merge', 'fetch', 'update'];
const MORE_VERBS = ['create', 'read', 'write', 'compute', 'normalize', 'collect', 'apply', 'encode', 'decode'];
const NOUNS = ['config', 'options', 'request', 'response', 'cache', 'token', 'entry', 'node', 'path', 'value'];
const MORE_NOUNS = ['record', 'buffer', 'result', 'item', 'session', 'event', 'handler', 'schema', 'query', 'range'];
const ALL_VERBS = [...VERBS, ...MORE_VERBS];
const ALL_NOUNS = [...NOUNS, ...MORE_NOUNS];

interface Names {
  verb: string;
  noun: string;
  other: string;
}

const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);
const camel = (n: Names): string => `${n.verb}${cap(n.noun)}`;
const snake = (n: Names): string => `${n.verb}_${n.noun}`;

function names(rng: Rng): Names {
  const noun = rng.pick(ALL_NOUNS);
  let other = rng.pick(ALL_NOUNS);
  if (other === noun) other = noun === 'value' ? 'entry' : 'value';
  return { verb: rng.pick(ALL_VERBS), noun, other };
}

function sentence(rng: Rng, n: Names): string {
  return rng.pick([
    `${cap(n.verb)}s the ${n.noun} and returns the ${n.other} it belongs to.`,
    `Reads the ${n.noun} once; later calls reuse the cached ${n.other}.`,
    `Keeps the ${n.noun} unchanged when the ${n.other} is empty.`,
    `The ${n.other} must be ${n.verb}d before the ${n.noun} is used.`,
    `Returns null when no ${n.noun} matches the ${n.other}.`,
  ]);
}

type Block = (rng: Rng, n: Names) => string[];

/** Function-shaped blocks per language family. */
const BLOCKS: Partial<Record<TextKind, Block>> = {
  typescript: (rng, n) => [
    `/** ${sentence(rng, n)} */`,
    `export function ${camel(n)}(${n.noun}: ${cap(n.noun)}, limit = ${rng.int(2, 64)}): ${cap(n.other)} | null {`,
    `  const ${n.other} = ${n.noun}.${n.other} ?? null;`,
    `  if (${n.other} === null || limit <= 0) return null;`,
    `  for (const part of ${n.noun}.parts) {`,
    `    if (part.size > limit) throw new Error(\`${n.noun} part too large: \${part.size}\`);`,
    '  }',
    `  return { ...${n.other}, updatedAt: Date.now() };`,
    '}',
  ],
  javascript: (rng, n) => [
    `/** ${sentence(rng, n)} */`,
    `export function ${camel(n)}(${n.noun}, limit = ${rng.int(2, 64)}) {`,
    `  const ${n.other} = ${n.noun}.${n.other} ?? null;`,
    `  if (${n.other} === null || limit <= 0) return null;`,
    `  const parts = ${n.noun}.parts.filter((part) => part.size <= limit);`,
    `  return { ...${n.other}, parts, updatedAt: Date.now() };`,
    '}',
  ],
  python: (rng, n) => [
    `def ${snake(n)}(${n.noun}, limit=${rng.int(2, 64)}):`,
    `    """${sentence(rng, n)}"""`,
    `    ${n.other} = getattr(${n.noun}, "${n.other}", None)`,
    `    if ${n.other} is None or limit <= 0:`,
    '        return None',
    `    parts = [part for part in ${n.noun}.parts if part.size <= limit]`,
    `    return {"${n.other}": ${n.other}, "parts": parts}`,
  ],
  go: (rng, n) => [
    `// ${cap(camel(n))}: ${sentence(rng, n)}`,
    `func ${cap(camel(n))}(${n.noun} *${cap(n.noun)}, limit int) (*${cap(n.other)}, error) {`,
    `\tif ${n.noun} == nil || limit <= 0 {`,
    `\t\treturn nil, fmt.Errorf("${snake(n)}: invalid ${n.noun} (limit %d)", limit)`,
    '\t}',
    `\tfor _, part := range ${n.noun}.Parts {`,
    `\t\tif part.Size > ${rng.int(16, 4096)} {`,
    `\t\t\treturn nil, errTooLarge`,
    '\t\t}',
    '\t}',
    `\treturn &${cap(n.other)}{Name: ${n.noun}.Name}, nil`,
    '}',
  ],
  rust: (rng, n) => [
    `/// ${sentence(rng, n)}`,
    `pub fn ${snake(n)}(${n.noun}: &${cap(n.noun)}, limit: usize) -> Result<${cap(n.other)}, Error> {`,
    `    if limit == 0 {`,
    `        return Err(Error::Invalid("${n.noun}"));`,
    '    }',
    `    let parts: Vec<_> = ${n.noun}.parts.iter().filter(|p| p.size <= limit).collect();`,
    `    Ok(${cap(n.other)} { count: parts.len(), max: ${rng.int(2, 512)} })`,
    '}',
  ],
  java: (rng, n) => [
    `    /** ${sentence(rng, n)} */`,
    `    public static ${cap(n.other)} ${camel(n)}(${cap(n.noun)} ${n.noun}, int limit) {`,
    `        if (${n.noun} == null || limit <= 0) {`,
    '            return null;',
    '        }',
    `        int total = ${rng.int(0, 9)};`,
    `        for (var part : ${n.noun}.parts()) {`,
    '            total += part.size();',
    '        }',
    `        return new ${cap(n.other)}(${n.noun}.name(), total);`,
    '    }',
  ],
  c: (rng, n) => [
    `/* ${sentence(rng, n)} */`,
    `int ${snake(n)}(const struct ${n.noun} *${n.noun}, size_t limit)`,
    '{',
    `    if (${n.noun} == NULL || limit == 0)`,
    '        return -1;',
    `    size_t total = ${rng.int(0, 9)};`,
    `    for (size_t i = 0; i < ${n.noun}->count; i++)`,
    `        total += ${n.noun}->parts[i].size;`,
    '    return total > limit ? -1 : (int)total;',
    '}',
  ],
  ruby: (rng, n) => [
    `  # ${sentence(rng, n)}`,
    `  def ${snake(n)}(${n.noun}, limit: ${rng.int(2, 64)})`,
    `    return nil if ${n.noun}.nil? || limit <= 0`,
    '',
    `    ${n.noun}.parts.select { |part| part.size <= limit }.map(&:${n.other})`,
    '  end',
  ],
  shell: (rng, n) => [
    `# ${sentence(rng, n)}`,
    `${snake(n)}() {`,
    `  local ${n.noun}="$1"`,
    `  if [ -z "$${n.noun}" ]; then`,
    `    echo "${snake(n)}: missing ${n.noun}" >&2`,
    `    return ${rng.int(1, 3)}`,
    '  fi',
    `  printf '%s\\n' "$${n.noun}" | sort -u`,
    '}',
  ],
  css: (rng, n) => [
    `/* ${sentence(rng, n)} */`,
    `.${n.noun}-${n.verb} {`,
    `  display: ${rng.pick(['flex', 'grid', 'block', 'inline-flex'])};`,
    `  gap: ${rng.int(2, 24)}px;`,
    `  color: #${rng.int(0x100000, 0xffffff).toString(16)};`,
    '}',
  ],
  sql: (rng, n) => [
    `-- ${sentence(rng, n)}`,
    `SELECT ${n.noun}.id, ${n.noun}.name, count(${n.other}.id) AS ${n.other}_count`,
    `FROM ${n.noun}s AS ${n.noun}`,
    `LEFT JOIN ${n.other}s AS ${n.other} ON ${n.other}.${n.noun}_id = ${n.noun}.id`,
    `GROUP BY ${n.noun}.id`,
    `LIMIT ${rng.int(10, 500)};`,
  ],
};

function header(kind: TextKind, repo: string, path: string): string[] {
  const note = `${path} of ${repo}: sample source generated by the offline GitHub emulator.`;
  switch (kind) {
    case 'typescript':
      return [`// ${note}`, "import { strict as assert } from 'node:assert';", ''];
    case 'javascript':
      return [`// ${note}`, "'use strict';", ''];
    case 'python':
      return [`"""${note}"""`, '', 'from __future__ import annotations', ''];
    case 'go':
      return [
        `// ${note}`,
        `package ${
          path
            .split('/')
            .slice(-2, -1)[0]
            ?.replace(/[^a-z]/g, '') || 'main'
        }`,
        '',
        'import "fmt"',
        '',
      ];
    case 'rust':
      return [`//! ${note}`, '', 'use std::fmt;', ''];
    case 'java':
      return [
        `// ${note}`,
        `public final class ${cap(
          path
            .replace(/^.*\//, '')
            .replace(/\..*$/, '')
            .replace(/[^A-Za-z0-9]/g, '') || 'Main',
        )} {`,
        '',
      ];
    case 'c':
      return [`/* ${note} */`, '#include <stddef.h>', ''];
    case 'ruby':
      return [`# ${note}`, 'module Sample', ''];
    case 'shell':
      return ['#!/bin/sh', `# ${note}`, 'set -eu', ''];
    case 'css':
      return [`/* ${note} */`, ''];
    case 'sql':
      return [`-- ${note}`, ''];
    default:
      return [];
  }
}

const FOOTERS: Partial<Record<TextKind, string[]>> = { java: ['}'], ruby: ['end'] };

function prose(rng: Rng, repo: string, path: string, kind: 'markdown' | 'text', target: number): string[] {
  const lines = kind === 'markdown' ? [`# ${path.replace(/^.*\//, '')}`, ''] : [`${path} (${repo})`, ''];
  lines.push(`Sample text generated by the offline GitHub emulator for ${repo}.`, '');
  while (lines.length < target) {
    const n = names(rng);
    if (kind === 'markdown') lines.push(`## ${cap(n.verb)} the ${n.noun}`, '');
    for (let i = rng.int(2, 5); i > 0; i--) lines.push(sentence(rng, names(rng)));
    lines.push('');
    if (kind === 'markdown' && rng.chance(0.4)) lines.push('```sh', `${n.verb} --${n.noun} ${n.other}.json`, '```', '');
    if (rng.chance(0.5)) for (let i = rng.int(2, 4); i > 0; i--) lines.push(`- ${sentence(rng, names(rng))}`);
    lines.push('');
  }
  return lines;
}

function data(
  rng: Rng,
  kind: 'json' | 'yaml' | 'toml' | 'xml' | 'html' | 'csv',
  repo: string,
  target: number,
): string[] {
  const rows: Names[] = [];
  while (rows.length < target / (kind === 'csv' ? 1 : 6)) rows.push(names(rng));
  const value = (n: Names): number => rng.int(1, 9_999) + n.noun.length;
  switch (kind) {
    case 'json':
      return [
        '{',
        `  "name": "${repo}",`,
        '  "entries": [',
        ...rows.flatMap((n, i) => [
          '    {',
          `      "id": ${i + 1},`,
          `      "${n.noun}": "${n.verb}",`,
          `      "${n.other}": ${value(n)}`,
          i === rows.length - 1 ? '    }' : '    },',
        ]),
        '  ]',
        '}',
      ];
    case 'yaml':
      return [
        `name: ${repo}`,
        'entries:',
        ...rows.flatMap((n, i) => [
          `  - id: ${i + 1}`,
          `    ${n.noun}: ${n.verb}`,
          `    ${n.other}: ${value(n)}`,
          `    enabled: ${rng.chance(0.5)}`,
          '',
        ]),
      ];
    case 'toml':
      return [
        `name = "${repo}"`,
        '',
        ...rows.flatMap((n, i) => [
          `[entry-${i + 1}]`,
          `${n.noun} = "${n.verb}"`,
          `${n.other} = ${value(n)}`,
          `enabled = ${rng.chance(0.5)}`,
          '',
        ]),
      ];
    case 'xml':
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<entries name="${repo}">`,
        ...rows.flatMap((n, i) => [
          `  <entry id="${i + 1}">`,
          `    <${n.noun}>${n.verb}</${n.noun}>`,
          `    <${n.other}>${value(n)}</${n.other}>`,
          '  </entry>',
        ]),
        '</entries>',
      ];
    case 'html':
      return [
        '<!doctype html>',
        '<html lang="en">',
        `<head><meta charset="utf-8"><title>${repo}</title></head>`,
        '<body>',
        ...rows.flatMap((n) => [
          `  <section class="${n.noun}">`,
          `    <h2>${cap(n.verb)} the ${n.noun}</h2>`,
          `    <p>${sentence(rng, n)}</p>`,
          '  </section>',
        ]),
        '</body>',
        '</html>',
      ];
    case 'csv':
      return ['id,verb,noun,value', ...rows.map((n, i) => `${i + 1},${n.verb},${n.noun},${value(n)}`)];
  }
}

/** The text of a file; `large` files are repeated past 1.5 MB. */
export function generateText(kind: TextKind, repo: string, path: string, large: boolean): string {
  const rng = createRng(`contents:${repo.toLowerCase()}:${path}`);
  const target = rng.int(120, 420);
  let lines: string[];
  if (kind === 'markdown' || kind === 'text') lines = prose(rng, repo, path, kind, target);
  else if (kind === 'json' || kind === 'yaml' || kind === 'toml' || kind === 'xml' || kind === 'html' || kind === 'csv')
    lines = data(rng, kind, repo, target);
  else {
    const block = BLOCKS[kind] as Block;
    lines = header(kind, repo, path);
    while (lines.length < target) lines.push(...block(rng, names(rng)), '');
    lines.push(...(FOOTERS[kind] ?? []));
  }
  const text = `${lines.join('\n')}\n`;
  return large ? text.repeat(Math.ceil(1_500_000 / text.length)) : text;
}
