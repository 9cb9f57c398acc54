/**
 * Reports the gzipped JavaScript each route downloads, from Vite's build manifest: the entry chunk
 * plus the route's lazy page chunk plus every chunk they import statically. Fails when the home
 * route would load chat or profile code.
 *
 *   npm run size              (builds dist/client first when it has no manifest or no source maps)
 *   npm run size -- --build   (always rebuilds)
 *   npm run size -- --dir path/to/client/build
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const ROUTES = [
  { route: '/', page: 'pages/home/HomePage.tsx' },
  { route: '/auth', page: 'pages/auth/AuthPage.tsx' },
  { route: '/chat/:roomId', page: 'features/chat/index.ts' },
  { route: '/profile', page: 'pages/profile/ProfilePage.tsx' },
  { route: '/user/:username', page: 'pages/user/PublicProfilePage.tsx' },
] as const;

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

/** The chunk keys a route loads: the given chunks and everything they import statically. */
function closure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return seen;
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

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const dir = path.resolve(argValue('--dir') ?? 'dist/client');
const manifest = await ensureBuild(dir);
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('the manifest has no entry chunk');

const rows: Array<{ route: string; chunks: number; raw: number; gzip: number }> = [];
const chunksByRoute = new Map<string, Set<string>>();
for (const { route, page } of ROUTES) {
  if (!manifest[page]) continue;
  const keys = closure(manifest, [entryKey, page]);
  chunksByRoute.set(route, keys);
  let raw = 0;
  let gzip = 0;
  for (const key of keys) {
    const file = path.join(dir, (manifest[key] as ManifestChunk).file);
    raw += fs.statSync(file).size;
    gzip += gzipSize(file);
  }
  rows.push({ route, chunks: keys.size, raw, gzip });
}

const header = ['Route', 'JS chunks', 'Raw', 'Gzipped'];
const table = [header, ...rows.map((r) => [r.route, String(r.chunks), kb(r.raw), kb(r.gzip)])];
const widths = header.map((_, column) => Math.max(...table.map((row) => (row[column] ?? '').length)));
const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
process.stdout.write(
  [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...table.slice(1).map(line)].join('\n') + '\n',
);

// The home route must not download chat or profile code, directly or through a shared chunk.
const leaks: string[] = [];
for (const key of chunksByRoute.get('/') ?? []) {
  const file = path.join(dir, (manifest[key] as ManifestChunk).file);
  for (const source of [key, ...chunkSources(file)]) {
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
