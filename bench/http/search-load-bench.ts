/**
 * Message search under load: what four people searching common words without pause cost everyone
 * else, on a site of a million messages. One product process (the production build) per engine at
 * 127.0.0.1; a quiet phase, then a phase in which four searches are always in flight (each by the
 * next of 6,000 signed-in users, so none reaches the per-user limit of 20 a minute: a search that
 * takes 2 ms lets four searchers ask 60,000 times in 30 s, and 2,000 users were refused half of
 * that). Throughout,
 * another user requests `/api/health` and the newest page of a room's history back to back.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../server/db/database';
import { startThrowAwayPostgres, type ThrowAwayPostgres } from '../../server/testing/services/postgres-server';
import { createProductServer } from '../../server/testing/services/product-server';
import { startCpuWindow, withChildren, type WatchedGroup } from '../lib/cpu-meter';
import { builtServerEntry } from '../lib/built-server';
import { percentile, round } from '../lib/percentiles';
import { seedChat } from '../lib/seed-chat';
import { seedSearchSite } from './seed-search-site';

export interface SearchLoadPhase {
  name: 'quiet' | 'search';
  seconds: number;
  searches: number;
  searchP50Ms: number;
  searchP99Ms: number;
  /** Searches answered 429 (per-user limit) or with another failure. */
  searchRefused: number;
  searchFailed: number;
  /** Searches that stopped at the time budget (`incomplete: true`). */
  searchIncomplete: number;
  otherRequests: number;
  otherFailures: number;
  healthP50Ms: number;
  healthP99Ms: number;
  historyP50Ms: number;
  historyP99Ms: number;
  /** Both of the other user's requests together. */
  otherP99Ms: number;
  /** CPU of the server process (and PostgreSQL's), as a share of one core. */
  serverCpuShare: number;
  databaseCpuShare: number;
  /** Busy CPU of everything else on the machine, as a share of all its cores (other work makes latency noisy). */
  othersShare: number;
}

export interface SearchLoadEngine {
  engine: 'sqlite' | 'postgres';
  messages: number;
  rooms: number;
  seedSeconds: number;
  phases: SearchLoadPhase[];
}

export interface SearchLoadResult {
  searchers: number;
  users: number;
  queries: string[];
  targetP99Ms: number;
  engines: SearchLoadEngine[];
}

export interface SearchLoadOptions {
  messages: number;
  engines: Array<'sqlite' | 'postgres'>;
  quietSeconds: number;
  loadSeconds: number;
}

const ROOMS = 10;
const USERS_PER_ROOM = 600;
const SEARCHERS = 4;
/**
 * Each searcher's user is in two rooms (a fifth of the site). "the", "releas*" and "word7" are in
 * their rooms; one of "alpha" and "omega" is only elsewhere (half the site); "build docs" are two
 * common words never said together; the last searches one room.
 */
const QUERIES = ['the', 'releas*', 'alpha', 'omega', 'word7', 'build docs', 'the release'];
const TARGET_P99_MS = 50;

export async function runSearchLoadBench(
  options: SearchLoadOptions,
  log: (line: string) => void,
): Promise<SearchLoadResult> {
  const engines: SearchLoadEngine[] = [];
  for (const engine of options.engines) {
    let postgres: ThrowAwayPostgres | undefined;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-search-bench-'));
    try {
      if (engine === 'postgres') postgres = await startThrowAwayPostgres();
      const databaseUrl = postgres ? postgres.url : `sqlite:${path.join(dir, 'bench.db')}`;
      const server = await createProductServer({
        databaseUrl,
        sessionSecret: randomBytes(32).toString('hex'),
        entry: builtServerEntry(),
      });
      try {
        await server.start();
        const handle = await openDatabase(databaseUrl);
        const rooms = await seedChat(handle, { rooms: ROOMS, membersPerRoom: USERS_PER_ROOM, sendersPerRoom: 0 });
        // Each user is also in the next room.
        const extra = rooms.flatMap((room, r) =>
          room.members.map((member) => ({
            id: randomUUID(),
            room_id: rooms[(r + 1) % ROOMS]!.id,
            user_id: member.id,
            joined_at: new Date().toISOString(),
            left_at: null,
          })),
        );
        for (let i = 0; i < extra.length; i += 500) {
          await handle.db
            .insertInto('chat_members')
            .values(extra.slice(i, i + 500))
            .execute();
        }
        const [reader, author] = rooms[0]!.members;
        log(`search load, ${engine}: seeding ${options.messages} messages in ${ROOMS} rooms`);
        const started = Date.now();
        await seedSearchSite(
          handle,
          { roomIds: rooms.map((room) => room.id), authorId: author!.id, count: options.messages },
          log,
        );
        const seedSeconds = round((Date.now() - started) / 1000, 1);
        log(`search load, ${engine}: seeded in ${seedSeconds} s`);
        await handle.close();

        const searchers = rooms.flatMap((room) => room.members.slice(2).map((m) => ({ ...m, roomId: room.id })));
        const measure = (name: SearchLoadPhase['name'], seconds: number, searching: number) =>
          measurePhase({
            name,
            seconds,
            searching,
            origin: server.origin,
            reader: { cookie: reader!.cookie, roomId: rooms[0]!.id },
            searchers,
            watched: [server.pid() ?? 0, () => (postgres?.pid() ? withChildren(postgres.pid() ?? 0) : [])],
          });
        // A first search per query warms the caches (and starts SQLite's search workers).
        await measure('search', 3, SEARCHERS);
        const phases = [
          await measure('quiet', options.quietSeconds, 0),
          await measure('search', options.loadSeconds, SEARCHERS),
        ];
        for (const p of phases)
          log(
            `search load, ${engine}: ${p.name}: other user's p99 ${p.otherP99Ms} ms (health p50 ${p.healthP50Ms} / p99 ${p.healthP99Ms} ms, ` +
              `history p50 ${p.historyP50Ms} / p99 ${p.historyP99Ms} ms, ${p.otherRequests} requests, ${p.otherFailures} failed); ` +
              `${p.searches} searches p50 ${p.searchP50Ms} / p99 ${p.searchP99Ms} ms, ${p.searchIncomplete} incomplete, ` +
              `${p.searchRefused} refused, ${p.searchFailed} failed; server CPU ${p.serverCpuShare}, database CPU ${p.databaseCpuShare}, rest of machine ${Math.round(p.othersShare * 100)} %`,
          );
        engines.push({ engine, messages: options.messages, rooms: ROOMS, seedSeconds, phases });
      } finally {
        await server.stop();
      }
    } finally {
      await postgres?.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return {
    searchers: SEARCHERS,
    users: ROOMS * (USERS_PER_ROOM - 2),
    queries: QUERIES,
    targetP99Ms: TARGET_P99_MS,
    engines,
  };
}

interface PhasePlan {
  name: SearchLoadPhase['name'];
  seconds: number;
  searching: number;
  origin: string;
  reader: { cookie: string; roomId: string };
  searchers: Array<{ cookie: string; roomId: string }>;
  watched: WatchedGroup[];
}

let nextSearch = 0;

async function measurePhase(plan: PhasePlan): Promise<SearchLoadPhase> {
  const { origin } = plan;
  const cpu = startCpuWindow(plan.watched);
  const until = performance.now() + plan.seconds * 1000;
  const searchTimes: number[] = [];
  let refused = 0;
  let failed = 0;
  let incomplete = 0;
  const searchLoop = async () => {
    while (performance.now() < until) {
      const n = (nextSearch += 1);
      const searcher = plan.searchers[n % plan.searchers.length]!;
      const q = QUERIES[n % QUERIES.length]!;
      const room = q === 'the release' ? `&room_id=${searcher.roomId}` : '';
      const started = performance.now();
      try {
        const response = await fetch(`${origin}/api/search/messages?q=${encodeURIComponent(q)}${room}`, {
          headers: { cookie: searcher.cookie },
          signal: AbortSignal.timeout(30_000),
        });
        const body = (await response.json()) as { incomplete?: boolean };
        if (response.status === 200) {
          searchTimes.push(performance.now() - started);
          if (body.incomplete) incomplete += 1;
        } else if (response.status === 429) refused += 1;
        else failed += 1;
      } catch {
        failed += 1;
      }
    }
  };
  const health: number[] = [];
  const history: number[] = [];
  let otherFailures = 0;
  const otherLoop = async () => {
    let turn = 0;
    while (performance.now() < until) {
      const isHealth = (turn += 1) % 2 === 0;
      const url = isHealth ? `${origin}/api/health` : `${origin}/api/rooms/${plan.reader.roomId}/messages?limit=50`;
      const started = performance.now();
      try {
        const response = await fetch(url, {
          headers: isHealth ? {} : { cookie: plan.reader.cookie },
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        if (response.status === 200) (isHealth ? health : history).push(performance.now() - started);
        else otherFailures += 1;
      } catch {
        otherFailures += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  await Promise.all([otherLoop(), ...Array.from({ length: plan.searching }, () => searchLoop())]);
  const window = cpu();
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const [s, h, r, all] = [searchTimes, health, history, [...health, ...history]].map(sorted) as [
    number[],
    number[],
    number[],
    number[],
  ];
  return {
    name: plan.name,
    seconds: plan.seconds,
    searches: s.length,
    searchP50Ms: round(percentile(s, 50)),
    searchP99Ms: round(percentile(s, 99)),
    searchRefused: refused,
    searchFailed: failed,
    searchIncomplete: incomplete,
    otherRequests: all.length + otherFailures,
    otherFailures,
    healthP50Ms: round(percentile(h, 50)),
    healthP99Ms: round(percentile(h, 99)),
    historyP50Ms: round(percentile(r, 50)),
    historyP99Ms: round(percentile(r, 99)),
    otherP99Ms: round(percentile(all, 99)),
    serverCpuShare: round((window.processMicros[0] ?? 0) / (window.wallMs * 1000)),
    databaseCpuShare: round((window.processMicros[1] ?? 0) / (window.wallMs * 1000)),
    othersShare: round(window.othersShare),
  };
}
