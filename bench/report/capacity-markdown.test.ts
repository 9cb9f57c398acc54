import { describe, expect, it } from 'vitest';
import type { CapacityDeployment, CapacityStep, ServerMetricsWindow } from '../capacity/capacity-types';
import { DEFAULT_CAPACITY_OPTIONS } from '../capacity/capacity-bench';
import { limitingResource, stepMisses } from '../capacity/limiting-resource';
import { capacityMarkdown } from './capacity-markdown';

function step(overrides: Partial<CapacityStep>): CapacityStep {
  return {
    users: 2_000,
    connected: 2_000,
    failedConnections: 0,
    connectErrors: {},
    holdSeconds: 180,
    delivery: { count: 50_000, expected: 50_000, asEvent: 10_000, asActivity: 40_000, p50Ms: 3.1, p99Ms: 41.5 },
    http: {
      count: 6_000,
      p50Ms: 4.2,
      p99Ms: 38.7,
      byKind: {
        state: { count: 2_000, p99Ms: 38.7 },
        unread: { count: 2_000, p99Ms: 12 },
        read: { count: 1_800, p99Ms: 20 },
        send: { count: 200, p99Ms: 30 },
      },
    },
    httpFailures: {},
    roomOpens: 2_000,
    messagesSent: 200,
    typingFrames: 600,
    closes: {},
    cpu: { server: [0.41], services: 0, generators: [0.1, 0.1, 0.1], others: 0.05, machineCores: 2 },
    eventLoop: [{ p99Ms: 12.3, maxMs: 40 }],
    rssBytes: [300 * 2 ** 20],
    bytesPerUser: 40 * 1024,
    openFiles: [{ open: 2_050, limit: 20_000 }],
    passed: true,
    misses: [],
    ...overrides,
  };
}

const machine = { cpus: 2, cpuModel: 'test cpu', memoryGiB: 24, node: 'v20', os: 'Linux' };

describe('capacity markdown', () => {
  it('gives the largest passing N per deployment with its CPU, memory per user and limiting resource', () => {
    const missed = step({ users: 5_000, passed: false, misses: ['delivery p99 180 ms'] });
    const sqlite: CapacityDeployment = {
      name: 'sqlite',
      description: 'one product process, SQLite',
      processes: 1,
      idleRssBytes: [220 * 2 ** 20],
      steps: [step({}), missed],
      capacity: 2_000,
      limitingResource: 'server CPU (a product process at a full core)',
      notes: ['The open-file limit of a product process is 20000.'],
    };
    const md = capacityMarkdown({
      date: '2026-11-28T01:00:00.000Z',
      machine,
      capacity: { measuredAt: '2026-11-28T01:00:00.000Z', options: DEFAULT_CAPACITY_OPTIONS, deployments: [sqlite] },
    });
    expect(md).toContain('Last run 2026-11-28 01:00 UTC on 2 cores (test cpu)');
    expect(md).toContain(
      '| sqlite: one product process, SQLite | **2,000** | 0.41 | 40 KiB | server CPU (a product process at a full core) |',
    );
    expect(md).toContain('| sqlite | 2,000 | 2,000 | 3.1 / **41.5** | 100.0 % | 4.2 / **38.7** | 0.41 |');
    expect(md).toContain('| miss: delivery p99 180 ms |');
    expect(md).toContain('- sqlite: The open-file limit of a product process is 20000.');
    expect(md).toContain(
      "The sidebar's refetch of the unread counts after each message reaching a socket is left out.",
    );
  });

  it('shows a dash for CPU and memory when no step passed', () => {
    const deployment: CapacityDeployment = {
      name: 'postgres',
      description: 'two processes',
      processes: 2,
      idleRssBytes: [1, 1],
      steps: [step({ passed: false, misses: ['HTTP p99 150 ms'] })],
      capacity: 0,
      limitingResource: 'database (PostgreSQL)',
      notes: [],
    };
    const md = capacityMarkdown({
      date: '2026-11-28T01:00:00.000Z',
      machine,
      capacity: { measuredAt: '', options: DEFAULT_CAPACITY_OPTIONS, deployments: [deployment] },
    });
    expect(md).toContain(
      `| postgres: two processes | **fewer than ${deployment.steps[0]!.users.toLocaleString('en')}** | – | – | database (PostgreSQL) |`,
    );
    expect(md).not.toContain('## Notes');
  });
});

describe('capacity step verdicts', () => {
  it('misses on either p99 at 100 ms, lost deliveries or refused sockets', () => {
    expect(stepMisses(step({}))).toEqual([]);
    const slow = step({ delivery: { ...step({}).delivery, p99Ms: 100 }, http: { ...step({}).http, p99Ms: 120 } });
    expect(stepMisses(slow)).toEqual(['delivery p99 100 ms', 'HTTP p99 120 ms']);
    expect(stepMisses(step({ delivery: { ...step({}).delivery, count: 40_000 } }))).toEqual([
      '80 % of deliveries arrived',
    ]);
    expect(stepMisses(step({ failedConnections: 3 }))).toEqual(['3 sockets failed to open']);
  });

  it('names the resource that ran out', () => {
    const fds = step({ failedConnections: 10, openFiles: [{ open: 19_990, limit: 20_000 }] });
    expect(limitingResource(fds, 'sqlite')).toMatch(/^file descriptors/);
    const busyGenerator = step({ cpu: { ...step({}).cpu, generators: [0.95, 0.2] } });
    expect(limitingResource(busyGenerator, 'sqlite')).toMatch(/^load generator/);
    expect(limitingResource(step({ cpu: { ...step({}).cpu, server: [0.9] } }), 'sqlite')).toMatch(/^server CPU/);
    expect(limitingResource(step({ cpu: { ...step({}).cpu, server: [0.45, 0.66] } }), 'postgres')).toBe(
      "server CPU (a product process's one thread busy 66 % of the time: requests and deliveries wait behind one another)",
    );
    expect(limitingResource(step({ cpu: { ...step({}).cpu, others: 1.2 } }), 'sqlite')).toMatch(/^other work/);
    expect(limitingResource(step({ eventLoop: [{ p99Ms: 80, maxMs: 200 }] }), 'sqlite')).toMatch(/^event-loop/);
    expect(limitingResource(step({ cpu: { ...step({}).cpu, services: 0.7 } }), 'postgres')).toMatch(/^database/);
  });

  it('names the PostgreSQL pool when queries waited for a connection or all ten were in use', () => {
    const window = (waitingMean: number, busyMean: number, p99Ms: number | null = 10): ServerMetricsWindow => ({
      scrapes: 20,
      pool: { waitingMean, waitingMax: Math.ceil(waitingMean * 3), busyMean, busyMax: 10, openMax: 10 },
      commitToWrite: { count: 5_000, p99Ms },
    });
    const missed = (metrics: ServerMetricsWindow[], p99Ms = 181) =>
      step({ delivery: { ...step({}).delivery, p99Ms }, serverMetrics: metrics, passed: false });
    expect(limitingResource(missed([window(0.4, 6), window(0, 5)]), 'postgres')).toBe(
      'database connection pool (queries waiting for a connection, mean per process: 0.4 (max 2), 0 (max 0); ' +
        "connections in use of 10: 6 (max 10), 5 (max 10)); the server's commit → socket write p99 is 10 ms against " +
        "the clients' delivery p99 of 181 ms: the time is spent before the commit (the send reaching the database and its transaction) or in the load generator",
    );
    expect(limitingResource(missed([window(0, 9.5, 100), window(0, 4, 250)]), 'postgres')).toMatch(
      /^database connection pool \([^;]*; connections in use of 10: 9\.5 \(max 10\), 4 \(max 10\)\)$/,
    );
    // No wait and the pool not full: the database by elimination, with where the time goes.
    expect(limitingResource(missed([window(0, 3), window(0, 2, 25)]), 'postgres')).toBe(
      "database (PostgreSQL); the server's commit → socket write p99 is 25 ms against the clients' delivery p99 of 181 ms: " +
        'the time is spent before the commit (the send reaching the database and its transaction) or in the load generator',
    );
    expect(limitingResource(missed([window(0, 3, 100)]), 'postgres')).toBe('database (PostgreSQL)');
    // The CPU checks come first: a process at a full core holds its connections longer.
    const busy = missed([window(2, 10)]);
    expect(limitingResource({ ...busy, cpu: { ...busy.cpu, server: [0.9] } }, 'postgres')).toMatch(/^server CPU/);
    // SQLite has no pool: its step keeps today's verdict, plus the commit → write note.
    const sqlite = missed([{ scrapes: 20, commitToWrite: { count: 9_000, p99Ms: 5 } }], 150);
    expect(limitingResource(sqlite, 'sqlite')).toMatch(
      /^database \(SQLite, in the product process\); the server's commit → socket write p99 is 5 ms/,
    );
  });

  it('reports commit → write p99 and the pool per process in the steps table', () => {
    const metrics: ServerMetricsWindow[] = [
      {
        scrapes: 181,
        pool: { waitingMean: 0.25, waitingMax: 3, busyMean: 4.5, busyMax: 10, openMax: 10 },
        commitToWrite: { count: 1_200, p99Ms: 25 },
      },
      {
        scrapes: 181,
        pool: { waitingMean: 0, waitingMax: 0, busyMean: 2, busyMax: 6, openMax: 10 },
        commitToWrite: { count: 0, p99Ms: null },
      },
    ];
    const deployment: CapacityDeployment = {
      name: 'postgres',
      description: 'two processes',
      processes: 2,
      idleRssBytes: [1, 1],
      steps: [step({ serverMetrics: metrics }), step({ users: 3_000 })],
      capacity: 3_000,
      limitingResource: 'not reached (every step passed)',
      notes: [],
    };
    const md = capacityMarkdown({
      date: '2026-11-28T01:00:00.000Z',
      machine,
      capacity: { measuredAt: '', options: DEFAULT_CAPACITY_OPTIONS, deployments: [deployment] },
    });
    expect(md).toContain('| commit → write p99 ms | DB pool waiting / in use |');
    expect(md).toContain('| 12.3 | 25 (1,200) / – | 0.25 (3) / 4.50 (10) · 0.00 (0) / 2.00 (6) | 300 |');
    // A step measured before these were recorded.
    expect(md).toContain('| 12.3 | – | – | 300 |');
  });
});
