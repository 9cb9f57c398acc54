/**
 * `npm run bench`: realtime fan-out against a raw `ws` reference, HTTP hot paths on SQLite and
 * PostgreSQL, front-end bundle weight and GitHub request economy. Writes bench/results/.
 * With more than one part, each part runs in a process of its own, one after the other, and
 * starts once the machine is quiet again (at most a minute's wait): nothing a part leaves behind
 * (a heap of gigabytes, a database still writing its pages) is measured with the next.
 *
 *   npm run bench                         every part; the fan-out's full shape: 2,000 connections in 50 rooms of 40,
 *                                         100–2,000 msg/s, 10,000 idle connections for memory (the whole run about
 *                                         an hour on two cores, the fan-out about ten minutes of it)
 *   npm run bench -- --shape=reduced      1,000 connections, 100–800 msg/s, 3,000 idle
 *   npm run bench -- --shape=quick        smoke run
 *   npm run bench -- --only=fanout,http   a subset (fanout, roomsize, soak, scaling, http, bundle, economy, abuse, replay, search, threads,
 *                                         archive, capacity)
 *   npm run bench -- --only=roomsize      CPU per delivery in rooms of 10, 40, 200 and 1,000 sockets, against raw ws
 *                                         (--room-sizes=a,b --room-size-deliveries=N --room-size-connections=N)
 *   npm run bench -- --only=soak          ten minutes at 70 % of the fan-out knee: event-loop delay and RSS slope
 *                                         (--soak-seconds=N --soak-rate=N; without --soak-rate the knee of this run's
 *                                         fan-out, or of the committed results, sets the rate)
 *   npm run bench -- --only=abuse         one user flooding the WebSocket: another user's send→delivery
 *                                         and /api/health p99, quiet vs flood (about 40 s; own results file)
 *   npm run bench -- --only=archive       an archive day page of 1,000 messages: cached and uncached p99, size
 *   npm run bench -- --only=search        message search under load: four searchers on a site of 1,000,000
 *                                         messages, another user's /api/health and history p99, both engines
 *                                         (--search-messages=N --search-engines=sqlite,postgres; own results file)
 *   npm run bench -- --only=threads       a thread of 1,000 replies and "Questions" of a room of 10,000 threads,
 *                                         10 connections, both engines (--threads=N --thread-replies=N
 *                                         --threads-seconds=N --threads-engines=sqlite,postgres; own results file)
 *   npm run bench -- --only=replay        20 sockets replaying a 480-event log at once, three rounds (own results file;
 *                                         --replay-sockets=N --replay-messages=N --replay-rounds=N)
 *   npm run bench -- --only=capacity      the largest number of connected users (each in 5 of 1,000 Zipf-sized rooms,
 *                                         opening a room a minute, 10 % sending) with delivery and HTTP p99 < 100 ms,
 *                                         one process on SQLite and two on PostgreSQL + Redis (own results file;
 *                                         --capacity-steps=a,b --capacity-hold-seconds=N --capacity-settle-seconds=N
 *                                         --capacity-connect-rate=N --capacity-generators=N
 *                                         --capacity-deployments=sqlite,postgres --capacity-send=http|socket --capacity-continue
 *                                         --capacity-unread-refetch;
 *                                         about an hour with the defaults if every step passes)
 *   npm run bench -- --only=fanout --cpu-prof=/tmp/prof   also write the server's CPU profile there
 *                                         (also with --only=capacity, with --sql-profile=FILE on SQLite)
 *                                         (fanout and http)
 *   npm run bench -- --only=fanout --rates=400 --sql-profile=/tmp/sql.json   time every SQLite statement of
 *                                         the product (fanout): the table, per message sent, in the log and the file
 *   flags: --rooms --members --rates=a,b --scaling-rates=a,b --step-seconds --idle --http-messages
 *          --http-seconds --http-engines=sqlite,postgres --out
 *          --http-targets=page,unread   only the HTTP targets whose name contains one of these words
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../server/testing/services/product-server';
import { runHttpBench, type HttpFigure } from './http/http-bench';
import { runAbuseBench } from './realtime/abuse-bench';
import { runReplayBench } from './realtime/replay-bench';
import { runScalingBench, type ScalingResult } from './realtime/scaling-bench';
import { measureGitHubEconomy, type GitHubEconomy } from './lib/github-economy';
import { runFanoutBench, type FanoutResult } from './realtime/fanout-bench';
import { DEFAULT_ROOM_SIZE_PLAN, runRoomSizeBench, type RoomSizeResult } from './realtime/room-size-bench';
import { runSoakBench, type SoakResult } from './realtime/soak-bench';
import { roomSizeChartSvg } from './report/room-size-chart';
import { shapeFromArgs } from './realtime/shapes';
import { latencyChartSvg } from './report/latency-chart';
import { abuseMarkdown } from './report/abuse-markdown';
import { searchLoadMarkdown } from './report/search-load-markdown';
import { runSearchLoadBench } from './http/search-load-bench';
import { runThreadsBench } from './http/threads-bench';
import { threadsMarkdown } from './report/threads-markdown';
import { runArchiveBench } from './http/archive-bench';
import { resultsMarkdown } from './report/results-markdown';
import { runCapacityPart } from './capacity/capacity-run';
import { waitForQuietMachine } from './lib/quiet-machine';
import { bundleReport } from './lib/bundle-report';
import { PARTS, runPartsApart } from './run-parts';

export interface BenchResults {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; os: string };
  fanout?: FanoutResult;
  roomSize?: RoomSizeResult;
  soak?: SoakResult;
  scaling?: ScalingResult;
  http?: HttpFigure[];
  /** The table printed by `npm run size`. */
  bundles?: string;
  economy?: GitHubEconomy;
  wallSeconds: number;
}

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, ...rest] = arg.replace(/^--/, '').split('=');
    return [key ?? '', rest.join('=') || 'true'] as const;
  }),
);
const only = new Set((args.get('only') ?? PARTS.join(',')).split(','));
const outDir = path.resolve(REPO_ROOT, args.get('out') ?? 'bench/results');
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);

/** Each part starts on a quiet machine: what the part before it left running is not measured. */
async function beforePart(name: string): Promise<void> {
  log(`${name}: ${await waitForQuietMachine()}`);
}

async function main(): Promise<void> {
  const unknown = [...only].filter((name) => !(PARTS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`unknown part in --only: ${unknown.join(', ')}`);
  if (only.size > 1) {
    const failed = await runPartsApart(only, outDir, log);
    if (failed.length > 0) throw new Error(`parts that failed: ${failed.join(', ')}`);
    log(`done → ${path.relative(REPO_ROOT, outDir)}/`);
    return;
  }
  const runStarted = args.get('run-started');
  const started = runStarted ? Date.parse(runStarted) : Date.now();
  const results: BenchResults = {
    date: new Date(started).toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      os: `${os.type()} ${os.release()}`,
    },
    wallSeconds: 0,
  };
  /** Writes what has been measured so far: a part that fails later leaves the earlier ones written. */
  function save(): void {
    fs.mkdirSync(outDir, { recursive: true });
    results.wallSeconds = Math.round((Date.now() - started) / 1000);

    const resultsPath = path.join(outDir, 'results.json');
    if (fs.existsSync(resultsPath)) {
      // A partial run keeps the parts of the previous results it does not measure.
      const previous = JSON.parse(fs.readFileSync(resultsPath, 'utf8')) as BenchResults;
      if (!only.has('fanout')) results.fanout = previous.fanout;
      if (!only.has('roomsize')) results.roomSize = previous.roomSize;
      if (!only.has('soak')) results.soak = previous.soak;
      if (!only.has('scaling')) results.scaling = previous.scaling;
      if (!only.has('http')) results.http = previous.http;
      if (!only.has('bundle')) results.bundles = previous.bundles;
      if (!only.has('economy')) results.economy = previous.economy;
    }
    fs.writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
    fs.writeFileSync(path.join(outDir, 'results.md'), resultsMarkdown(results));
    if (results.fanout) {
      fs.writeFileSync(
        path.join(outDir, 'fanout-latency.svg'),
        latencyChartSvg(
          results.fanout,
          `Fan-out latency vs load: ${results.fanout.shape.rooms} rooms × ${results.fanout.shape.membersPerRoom} sockets, ${results.machine.cpus} cores`,
        ),
      );
    }
    if (results.roomSize) {
      fs.writeFileSync(path.join(outDir, 'room-size-cpu.svg'), roomSizeChartSvg(results.roomSize));
    }
  }
  if (only.has('fanout')) {
    await beforePart('fanout');
    const shape = shapeFromArgs(args);
    log(`fan-out: ${JSON.stringify(shape)}`);
    results.fanout = await runFanoutBench(shape, log, {
      cpuProfileDir: args.get('cpu-prof'),
      sqlProfileFile: args.get('sql-profile'),
    });
    save();
  }
  if (only.has('roomsize')) {
    await beforePart('roomsize');
    const plan = {
      sizes: args.has('room-sizes')
        ? (args.get('room-sizes') ?? '').split(',').map(Number)
        : DEFAULT_ROOM_SIZE_PLAN.sizes,
      connections: Number(args.get('room-size-connections') ?? DEFAULT_ROOM_SIZE_PLAN.connections),
      deliveriesPerSecond: Number(args.get('room-size-deliveries') ?? DEFAULT_ROOM_SIZE_PLAN.deliveriesPerSecond),
      stepSeconds: Number(args.get('step-seconds') ?? DEFAULT_ROOM_SIZE_PLAN.stepSeconds),
    };
    log(`room sizes: ${JSON.stringify(plan)}`);
    results.roomSize = await runRoomSizeBench(plan, log);
    save();
  }
  if (only.has('soak')) {
    await beforePart('soak');
    const shape = shapeFromArgs(args);
    const soak = soakRate(shape.membersPerRoom, results.fanout);
    if (soak) {
      results.soak = await runSoakBench(
        {
          rooms: shape.rooms,
          membersPerRoom: shape.membersPerRoom,
          rate: soak.rate,
          rateBasis: soak.basis,
          durationSeconds: Number(args.get('soak-seconds') ?? 600),
          windowSeconds: 20,
        },
        log,
      );
      save();
    } else {
      log('soak skipped: the product held p99 ≤ 50 ms at no step of the fan-out (give --soak-rate)');
    }
  }
  if (only.has('scaling')) {
    await beforePart('scaling');
    const shape = shapeFromArgs(args);
    log(`scaling with Redis: ${JSON.stringify(shape)}`);
    results.scaling = await runScalingBench(shape, log);
    save();
  }
  if (only.has('http')) {
    await beforePart('http');
    results.http = await runHttpBench(
      {
        messages: Number(args.get('http-messages') ?? 1_000_000),
        seconds: Number(args.get('http-seconds') ?? 5),
        connections: 10,
        engines: enginesFromArgs(args.get('http-engines')),
        cpuProfileDir: args.get('cpu-prof'),
        targets: args.get('http-targets')?.split(','),
      },
      log,
    );
    save();
  }
  if (only.has('bundle')) {
    await beforePart('bundle');
    results.bundles = bundleReport(log);
    save();
  }
  if (only.has('economy')) {
    await beforePart('economy');
    results.economy = await measureGitHubEconomy(100);
    log(`GitHub economy: ${results.economy.upstreamRequestsWarm} upstream requests per 100 warm home-page views`);
    save();
  }
  fs.mkdirSync(outDir, { recursive: true });
  if (only.has('replay')) {
    await beforePart('replay');
    const replay = await runReplayBench(
      {
        sockets: Number(args.get('replay-sockets') ?? 20),
        messages: Number(args.get('replay-messages') ?? 400),
        rounds: Number(args.get('replay-rounds') ?? 3),
      },
      log,
    );
    const report = { date: new Date().toISOString(), machine: results.machine, replay };
    fs.writeFileSync(path.join(outDir, 'replay.json'), `${JSON.stringify(report, null, 2)}\n`);
    if (only.size === 1) {
      log(`done in ${Math.round((Date.now() - started) / 1000)} s → ${path.relative(REPO_ROOT, outDir)}/`);
      return;
    }
  }
  if (only.has('abuse')) {
    await beforePart('abuse');
    const abuse = await runAbuseBench(
      {
        quietSeconds: Number(args.get('abuse-quiet-seconds') ?? 10),
        floodSeconds: Number(args.get('abuse-flood-seconds') ?? 20),
        floodSockets: Number(args.get('abuse-sockets') ?? 20),
        floodRate: Number(args.get('abuse-rate') ?? 5000),
      },
      log,
    );
    // Its own files: a run of this part alone leaves the other results untouched.
    const report = { date: new Date().toISOString(), machine: results.machine, abuse };
    fs.writeFileSync(path.join(outDir, 'websocket-abuse.json'), `${JSON.stringify(report, null, 2)}\n`);
    fs.writeFileSync(path.join(outDir, 'websocket-abuse.md'), abuseMarkdown(report));
    if (only.size === 1) {
      log(`done in ${Math.round((Date.now() - started) / 1000)} s → ${path.relative(REPO_ROOT, outDir)}/`);
      return;
    }
  }
  if (only.has('archive')) {
    await beforePart('archive');
    const archive = await runArchiveBench(
      {
        engines: enginesFromArgs(args.get('archive-engines')),
        messages: Number(args.get('archive-messages') ?? 1_000),
        requests: Number(args.get('archive-requests') ?? 200),
      },
      log,
    );
    // Its own file: a run of this part alone leaves the other results untouched.
    const report = { date: new Date().toISOString(), machine: results.machine, archive };
    fs.writeFileSync(path.join(outDir, 'archive.json'), `${JSON.stringify(report, null, 2)}\n`);
    if (only.size === 1) {
      log(`done in ${Math.round((Date.now() - started) / 1000)} s → ${path.relative(REPO_ROOT, outDir)}/`);
      return;
    }
  }
  if (only.has('search')) {
    await beforePart('search');
    const search = await runSearchLoadBench(
      {
        messages: Number(args.get('search-messages') ?? 1_000_000),
        engines: enginesFromArgs(args.get('search-engines')),
        quietSeconds: Number(args.get('search-quiet-seconds') ?? 10),
        loadSeconds: Number(args.get('search-load-seconds') ?? 30),
      },
      log,
    );
    // Its own files: a run of this part alone leaves the other results untouched.
    const report = { date: new Date().toISOString(), machine: results.machine, search };
    fs.writeFileSync(path.join(outDir, 'search-load.json'), `${JSON.stringify(report, null, 2)}\n`);
    fs.writeFileSync(path.join(outDir, 'search-load.md'), searchLoadMarkdown(report));
    if (only.size === 1) {
      log(`done in ${Math.round((Date.now() - started) / 1000)} s → ${path.relative(REPO_ROOT, outDir)}/`);
      return;
    }
  }
  if (only.has('threads')) {
    await beforePart('threads');
    const options = {
      threads: Number(args.get('threads') ?? 10_000),
      longReplies: Number(args.get('thread-replies') ?? 1_000),
      seconds: Number(args.get('threads-seconds') ?? 5),
      connections: 10,
      engines: enginesFromArgs(args.get('threads-engines')),
    };
    const figures = await runThreadsBench(options, log);
    // Its own files: a run of this part alone leaves the other results untouched.
    const report = {
      date: new Date().toISOString(),
      machine: results.machine,
      threads: options.threads,
      longReplies: options.longReplies,
      connections: options.connections,
      figures,
    };
    fs.writeFileSync(path.join(outDir, 'threads.json'), `${JSON.stringify(report, null, 2)}\n`);
    fs.writeFileSync(path.join(outDir, 'threads.md'), threadsMarkdown(report));
    if (only.size === 1) {
      log(`done in ${Math.round((Date.now() - started) / 1000)} s → ${path.relative(REPO_ROOT, outDir)}/`);
      return;
    }
  }
  if (only.has('capacity')) {
    await beforePart('capacity');
    await runCapacityPart(args, outDir, results.machine, log);
    if (only.size === 1) {
      log(`done in ${Math.round((Date.now() - started) / 1000)} s → ${path.relative(REPO_ROOT, outDir)}/`);
      return;
    }
  }
  save();
  log(`done in ${results.wallSeconds} s → ${path.relative(REPO_ROOT, outDir)}/`);
}

/**
 * The soak's offered rate: --soak-rate, else 70 % of the product's knee (deliveries/s at p99 ≤
 * 50 ms) from this run's fan-out or, failing that, from the committed results; undefined when
 * neither has one.
 */
function soakRate(
  membersPerRoom: number,
  fanout: FanoutResult | undefined,
): { rate: number; basis: string } | undefined {
  if (args.has('soak-rate')) return { rate: Number(args.get('soak-rate')), basis: 'set with --soak-rate' };
  const resultsPath = path.join(outDir, 'results.json');
  const knee =
    fanout?.knee.product ??
    (fs.existsSync(resultsPath)
      ? (JSON.parse(fs.readFileSync(resultsPath, 'utf8')) as BenchResults).fanout?.knee.product
      : undefined);
  if (!knee) return undefined;
  const rate = Math.max(1, Math.round((knee * 0.7) / membersPerRoom));
  return {
    rate,
    basis: `70 % of the product's knee (${Math.round(knee)} deliveries/s at p99 ≤ 50 ms${fanout ? '' : ', from the committed results'})`,
  };
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);

/** `--http-engines=sqlite,postgres` or `--search-engines=…` (the default: both). */
function enginesFromArgs(value: string | undefined): Array<'sqlite' | 'postgres'> {
  if (value === undefined) return ['sqlite', 'postgres'];
  const engines = value.split(',').map((engine) => engine.trim());
  for (const engine of engines) {
    if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`unknown engine in --http-engines: ${engine}`);
  }
  return engines as Array<'sqlite' | 'postgres'>;
}
