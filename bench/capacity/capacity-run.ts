import fs from 'node:fs';
import path from 'node:path';
import { capacityMarkdown, type CapacityReport } from '../report/capacity-markdown';
import { DEFAULT_CAPACITY_OPTIONS, runCapacityBench } from './capacity-bench';
import type { CapacityOptions } from './capacity-types';

/**
 * `--only=capacity`: reads its flags, runs the steps and writes its results to bench/results/
 * as capacity.json and a markdown table beside it (its own files: a run of this part alone leaves the other results untouched).
 *
 *   --capacity-steps=1000,1500,…      users per step (ascending; stops at the first miss)
 *   --capacity-hold-seconds=180       measured window of each step
 *   --capacity-settle-seconds=60      wait after a step's ramp (new users start their minute)
 *   --capacity-connect-rate=250       new sockets per second during a ramp (all generators)
 *   --capacity-generators=3           load-generator processes
 *   --capacity-deployments=sqlite,postgres
 *   --capacity-send=socket|http       how messages are sent (the socket, as the browser does when it is open)
 *   --capacity-continue               measure the remaining steps after a miss too
 *   --capacity-unread-refetch         each user reads /api/me/unread again 300 ms after messages reach their
 *                                     socket, as the browser's sidebar does (left out by default)
 *   --cpu-prof=DIR                    each product process's CPU profile, written there when it exits
 *   --sql-profile=FILE                every SQLite statement's calls and time (SQLite only), printed at the end
 */
export async function runCapacityPart(
  args: Map<string, string>,
  outDir: string,
  machine: CapacityReport['machine'],
  log: (line: string) => void,
): Promise<void> {
  const d = DEFAULT_CAPACITY_OPTIONS;
  const list = (name: string) =>
    args
      .get(name)
      ?.split(',')
      .map((v) => v.trim());
  const deployments = list('capacity-deployments') ?? d.deployments;
  for (const name of deployments) {
    if (name !== 'sqlite' && name !== 'postgres')
      throw new Error(`unknown deployment in --capacity-deployments: ${name}`);
  }
  const sendMode = args.get('capacity-send') ?? d.sendMode;
  if (sendMode !== 'http' && sendMode !== 'socket')
    throw new Error(`--capacity-send is http or socket, not ${sendMode}`);
  const options: CapacityOptions = {
    ...d,
    steps: list('capacity-steps')?.map(Number) ?? d.steps,
    holdSeconds: Number(args.get('capacity-hold-seconds') ?? d.holdSeconds),
    settleSeconds: Number(args.get('capacity-settle-seconds') ?? d.settleSeconds),
    connectsPerSecond: Number(args.get('capacity-connect-rate') ?? d.connectsPerSecond),
    generators: Number(args.get('capacity-generators') ?? d.generators),
    deployments: deployments as CapacityOptions['deployments'],
    sendMode,
    continueAfterMiss: args.has('capacity-continue'),
    unreadOnDelivery: args.has('capacity-unread-refetch'),
    cpuProfileDir: args.get('cpu-prof'),
    sqlProfileFile: args.get('sql-profile'),
  };
  if (options.steps.some((s) => !Number.isInteger(s) || s <= 0)) throw new Error('--capacity-steps: positive integers');
  log(
    `capacity: ${JSON.stringify(options)}; about ${Math.round(estimateSeconds(options) / 60)} min if every step passes`,
  );
  const capacity = await runCapacityBench(options, log);
  const report: CapacityReport = { date: new Date().toISOString(), machine, capacity };
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'capacity.json'), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, 'capacity.md'), capacityMarkdown(report));
  for (const dep of capacity.deployments) {
    log(`capacity ${dep.name}: N = ${dep.capacity}, limiting resource: ${dep.limitingResource}`);
  }
}

/** Wall time of a run whose every step passes: ramps, settles and holds, plus set-up per deployment. */
export function estimateSeconds(options: CapacityOptions): number {
  const steps = [...options.steps].sort((a, b) => a - b);
  const ramp = (steps.at(-1) ?? 0) / options.connectsPerSecond;
  const perDeployment = 60 + ramp + steps.length * (options.settleSeconds + options.holdSeconds + 5);
  return Math.round(perDeployment * options.deployments.length);
}
