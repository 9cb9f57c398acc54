import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images and fonts in the build are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/i;

/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible file of the build, at the highest
 * levels (paid once at build time), so the server sends them as they are instead of compressing on
 * each request. A sibling is skipped when it would not be smaller than the file. index.html is left
 * out: the server fills its head per request and compresses that answer itself. Source maps are
 * never served, so they are not compressed either.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'reporooms:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      for (const file of compressibleFiles(outDir)) writeCompressedSiblings(file);
    },
  };
}

export function compressibleFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // Vite's manifest lives in .vite/ and is never served.
      if (!entry.name.startsWith('.')) found.push(...compressibleFiles(full));
    } else if (COMPRESSIBLE.test(entry.name)) {
      found.push(full);
    }
  }
  return found;
}

export function writeCompressedSiblings(file: string): void {
  const body = fs.readFileSync(file);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipSync(body, { level: 9 });
  if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
}
