import { execFileSync } from 'node:child_process';
import { REPO_ROOT } from '../../server/testing/services/product-server';

/**
 * Reuses the shell's bundle report (`npm run size`). A route over its budget makes that script
 * fail, and its table is kept with the failure beneath it: the weights are the measurement.
 */
export function bundleReport(log: (line: string) => void): string | undefined {
  const script = ['--import', 'tsx', 'scripts/report-bundle-size.ts'];
  try {
    log('bundle sizes (npm run size: dist/client, built when missing)');
    const table = execFileSync(process.execPath, script, { cwd: REPO_ROOT, encoding: 'utf8' });
    log(table.trim());
    return table.trim();
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    if (stdout?.includes('|')) {
      const report = `${stdout.trim()}\n\n${(stderr ?? '').trim()}`;
      log(report);
      return report;
    }
    log(`bundle sizes skipped: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
