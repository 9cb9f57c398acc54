/**
 * Reports the gzipped JavaScript a first visit to each route downloads (see scripts/bundle-size.ts
 * for what counts), and fails when a route is over its budget or the home route would load chat
 * or profile code.
 *
 *   npm run size              (builds dist/client first when it has no manifest or no source maps)
 *   npm run size -- --build   (always rebuilds)
 *   npm run size -- --dir path/to/client/build
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  firstLoadChunks,
  kb,
  overBudget,
  ROUTES,
  staleDeclarations,
  type Manifest,
  type ManifestChunk,
  type RouteSize,
} from './bundle-size';

/** Source folders the home route must never download. */
const NOT_ON_HOME = ['/features/chat/', '/pages/profile/', '/pages/user/', '/components/profile/'];

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function ensureBuild(dir: string): Promise<Manifest> {
  const manifestPath = path.join(dir, '.vite', 'manifest.json');
  // The home-route check reads chunk sources from source maps, which production builds omit.
  const hasMaps =
    fs.existsSync(path.join(dir, 'assets')) &&
    fs.readdirSync(path.join(dir, 'assets')).some((f) => f.endsWith('.js.map'));
  if (process.argv.includes('--build') || !fs.existsSync(manifestPath) || !hasMaps) {
    const { build } = await import('vite');
    await build({
      configFile: path.resolve('vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: dir, sourcemap: 'hidden' },
    });
  }
  return JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
}

function gzipSize(file: string): number {
  return gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** Source files bundled into a chunk, from its source map (when the build wrote one). */
function chunkSources(file: string): string[] {
  const map = `${file}.map`;
  if (!fs.existsSync(map)) return [];
  return (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

const dir = path.resolve(argValue('--dir') ?? 'dist/client');
const manifest = await ensureBuild(dir);
const fileOf = (key: string) => path.join(dir, (manifest[key] as ManifestChunk).file);
// Sources relative to client/, as the manifest's keys are.
const sourcesOf = (key: string) =>
  chunkSources(fileOf(key)).map((source) => source.replace(/\\/g, '/').replace(/^(?:\.\.\/)*client\//, ''));

const stale = staleDeclarations(manifest, sourcesOf);
if (stale.length > 0) {
  process.stderr.write(`scripts/bundle-size.ts names modules the build does not have:\n  ${stale.join('\n  ')}\n`);
  process.exit(1);
}

const sizes: RouteSize[] = [];
let homeChunks = new Set<string>();
for (const { route, page, signedIn, budgetKb } of ROUTES) {
  const keys = firstLoadChunks(manifest, page, { signedIn, sourcesOf });
  if (route === '/') homeChunks = new Set([...homeChunks, ...keys]);
  let raw = 0;
  let gzip = 0;
  for (const key of keys) {
    raw += fs.statSync(fileOf(key)).size;
    gzip += gzipSize(fileOf(key));
  }
  sizes.push({ route, signedIn, chunks: keys.size, raw, gzip, budgetKb });
}

const header = ['Route', 'Visit', 'JS chunks', 'Raw', 'Gzipped', 'Budget'];
const table = [
  header,
  ...sizes.map((r) => [
    r.route,
    r.signedIn ? 'signed in' : 'visitor',
    String(r.chunks),
    kb(r.raw),
    kb(r.gzip),
    r.budgetKb === undefined ? '' : `${r.budgetKb} kB`,
  ]),
];
const widths = header.map((_, column) => Math.max(...table.map((row) => (row[column] ?? '').length)));
const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
process.stdout.write(
  [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...table.slice(1).map(line)].join('\n') + '\n',
);

const over = overBudget(sizes);
if (over.length > 0) {
  process.stderr.write(`First-load JavaScript over budget:\n  ${over.join('\n  ')}\n`);
  process.exitCode = 1;
} else {
  process.stdout.write('Every route is within its first-load budget.\n');
}

// The home route must not download chat or profile code, directly or through a shared chunk.
const leaks: string[] = [];
for (const key of homeChunks) {
  for (const source of [key, ...chunkSources(fileOf(key))]) {
    const normalised = `/${source.replace(/\\/g, '/')}`;
    if (NOT_ON_HOME.some((folder) => normalised.includes(folder))) leaks.push(`${key}: ${source}`);
  }
}
if (leaks.length > 0) {
  process.stderr.write(`The home route loads chat or profile code:\n  ${leaks.join('\n  ')}\n`);
  process.exitCode = 1;
} else {
  process.stdout.write('Home route loads no chat or profile code.\n');
}
