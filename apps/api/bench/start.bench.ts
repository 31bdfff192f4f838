// `npm run bench:start`: how long the built storefront takes to answer, and what an idle instance
// holds (issue 13, point 6). Runs `apps/api/dist/main.js` as `npm start` does (build it first with
// `npm run build`) on the embedded database with the demo: a fresh start on an empty data folder,
// then warm starts on the folder the fresh one left. Each start is timed from the spawn to the
// first 200 of GET /api/health and to the line saying it is ready; the fresh instance and the last
// warm one idle for --idle seconds and their resident memory is read. `--database-url` runs the
// same on PostgreSQL (the database is emptied first).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { apiRoot } from '../src/lib/package-paths';
import { serverEnvironment } from '../../../scripts/server-env.mjs';
import { freePort } from './bench-postgres';

const { values: args } = parseArgs({
  options: {
    warm: { type: 'string', default: '3' },
    idle: { type: 'string', default: '20' },
    'database-url': { type: 'string' },
    /** More environment for the server, as KEY=VALUE (repeatable), to compare settings. */
    env: { type: 'string', multiple: true, default: [] },
    /** Without the settings `npm start` adds (scripts/server-env.mjs), to compare. */
    bare: { type: 'boolean', default: false },
    /** Options for Node.js itself, before the script (repeatable), to compare settings. */
    'node-option': { type: 'string', multiple: true, default: [] },
  },
});
const extraEnv = Object.fromEntries(
  args.env.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
const WARM = Number(args.warm);
const IDLE_S = Number(args.idle);
const GOALS = { freshMs: 6000, warmMs: 3000, idleMb: 300 };
const repoRoot = path.resolve(apiRoot, '..', '..');
const main = path.join(apiRoot, 'dist/main.js');

interface Start {
  healthMs: number;
  readyMs: number;
  child: ChildProcess;
}

async function start(dataDir: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...args['node-option'], main], {
    cwd: repoRoot,
    // As `npm start` runs it (scripts/server-env.mjs), unless --bare.
    env: (args.bare ? (env: NodeJS.ProcessEnv) => env : serverEnvironment)({
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      ...extraEnv,
      ...(args['database-url']
        ? { DATABASE_URL: args['database-url'], JWT_SECRET: 'start-bench-secret-'.padEnd(64, '0') }
        : {}),
    }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let readyMs = 0;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    if (!readyMs && chunk.includes('CrimsonHost is ready')) readyMs = performance.now() - started;
  });
  let healthMs = 0;
  while (!healthMs) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) healthMs = performance.now() - started;
    } catch {
      // Not listening yet.
    }
    if (!healthMs) await sleep(25);
  }
  while (!readyMs) await sleep(10);
  return { healthMs, readyMs, child };
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  if (child.exitCode === null) await once(child, 'exit');
}

/** Resident memory of a process and its threads, in MB (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

if (args['database-url']) {
  const client = new pg.Client({ connectionString: args['database-url'] });
  await client.connect();
  await client.query('drop schema if exists public cascade; create schema public');
  await client.query('drop schema if exists drizzle cascade');
  await client.end();
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'crimsonhost-start-bench-'));
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
try {
  const fresh = await start(dataDir);
  console.log(
    `fresh start: health ${s(fresh.healthMs)}, ready ${s(fresh.readyMs)} (goal ${s(GOALS.freshMs)})`,
  );
  // What a newcomer's first start holds once idle: it migrated and seeded the embedded database.
  await sleep(IDLE_S * 1000);
  console.log(
    `idle ${IDLE_S} s after the fresh start: ${rssMb(fresh.child.pid!).toFixed(0)} MB resident`,
  );
  await stop(fresh.child);
  let last: Start | undefined;
  for (let n = 1; n <= WARM; n += 1) {
    last = await start(dataDir);
    console.log(
      `warm start ${n}: health ${s(last.healthMs)}, ready ${s(last.readyMs)} (goal ${s(GOALS.warmMs)})`,
    );
    if (n < WARM) await stop(last.child);
  }
  await sleep(IDLE_S * 1000);
  console.log(
    `idle after ${IDLE_S} s: ${rssMb(last!.child.pid!).toFixed(0)} MB resident (goal ${GOALS.idleMb} MB) on ${args['database-url'] ? 'PostgreSQL' : 'PGlite'}`,
  );
  await stop(last!.child);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
