import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../server/testing/services/product-server';

/** The parts, in the order a run measures them. */
export const PARTS = [
  'fanout',
  'roomsize',
  'soak',
  'scaling',
  'http',
  'bundle',
  'economy',
  'replay',
  'abuse',
  'archive',
  'search',
  'threads',
  'capacity',
] as const;
/** The parts kept in results.json (the others write files of their own). */
const RESULTS_JSON_PARTS: Partial<Record<(typeof PARTS)[number], string>> = {
  fanout: 'fanout',
  roomsize: 'roomSize',
  soak: 'soak',
  scaling: 'scaling',
  http: 'http',
  bundle: 'bundles',
  economy: 'economy',
};

/**
 * More than one part: each runs in a process of its own, one after the other, so that none is
 * measured in a process (and beside a heap and load generators) the parts before it left behind:
 * the HTTP and archive parts time requests from this process. Answers the parts that failed.
 */
export async function runPartsApart(
  only: ReadonlySet<string>,
  outDir: string,
  log: (line: string) => void,
): Promise<string[]> {
  const runStarted = new Date().toISOString();
  const resultsPath = path.join(outDir, 'results.json');
  if (fs.existsSync(resultsPath)) {
    // The parts about to be measured leave the file now: one that fails is then missing, not stale.
    const previous = JSON.parse(fs.readFileSync(resultsPath, 'utf8')) as Record<string, unknown>;
    for (const part of only) {
      const key = RESULTS_JSON_PARTS[part as (typeof PARTS)[number]];
      if (key) delete previous[key];
    }
    fs.writeFileSync(resultsPath, `${JSON.stringify(previous, null, 2)}\n`);
  }
  const passOn = process.argv.slice(2).filter((arg) => !arg.startsWith('--only=') && !arg.startsWith('--run-started='));
  const failed: string[] = [];
  for (const part of PARTS.filter((name) => only.has(name))) {
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(REPO_ROOT, 'bench/run.ts'),
          `--only=${part}`,
          `--run-started=${runStarted}`,
          ...passOn,
        ],
        { cwd: REPO_ROOT, stdio: 'inherit' },
      );
      child.on('exit', resolve);
    });
    if (code !== 0) {
      log(`${part} failed (exit ${code}); the run goes on with the next part`);
      failed.push(part);
    }
  }
  return failed;
}
