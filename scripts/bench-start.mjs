// `node scripts/bench-start.mjs [runs] [node-binary ...]`: how long `npm start` takes from the
// command to the first 200 from /api/health, on the current build, each run with a fresh data
// folder (so migrations and the demo seed are part of it) and the demo's servers on free ports of
// their own. Prints each run and the median. Given Node binaries, it runs `scripts/start.mjs` on
// each of them in turn instead (A B A B ...), so two runtimes are compared under the same load.
// Build first (`npm run build`) so the figure is the start, not the build.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isBuildCurrent, root } from './build-state.mjs';
import { freePort, freePortRange } from './ports.mjs';

const runs = Number(process.argv[2] ?? 5);
const binaries = process.argv.slice(3);
const HEALTH_TIMEOUT_MS = 120_000;

if (!isBuildCurrent()) {
  console.error('The build is not current: run `npm run build` first.');
  process.exit(1);
}

async function oneRun(binary) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crimsonhost-start-'));
  const port = await freePort();
  const gameBase = await freePortRange(65);
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_CHAIN_PORT: String(await freePort()),
    DEMO_TRON_PORT: String(await freePort()),
    DEMO_PANEL_PORT: String(await freePort()),
    DEMO_GAME_PORT_BASE: String(gameBase),
  };
  const started = performance.now();
  // detached: npm, scripts/start.mjs and the server form one process group, stopped together.
  const [command, args] = binary ? [binary, ['scripts/start.mjs']] : ['npm', ['start', '--silent']];
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let elapsed;
  try {
    while (performance.now() - started < HEALTH_TIMEOUT_MS) {
      if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.status === 200) {
          elapsed = performance.now() - started;
          break;
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (elapsed === undefined) throw new Error('no healthy answer in time');
  } finally {
    if (child.exitCode === null) process.kill(-child.pid, 'SIGINT');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  return elapsed;
}

function version(binary) {
  const [command, args] = binary
    ? [binary, ['--version']]
    : ['npm', ['exec', '--', 'node', '--version']];
  return spawnSync(command, args, { cwd: root, encoding: 'utf8' }).stdout.trim();
}

const seconds = (ms) => (ms / 1000).toFixed(2);
const contenders = binaries.length > 0 ? binaries : [undefined];
const times = new Map(contenders.map((binary) => [binary, []]));
for (let run = 1; run <= runs; run += 1) {
  for (const binary of contenders) {
    const ms = await oneRun(binary);
    times.get(binary).push(ms);
    console.log(
      `run ${run}, Node ${version(binary)}: ${seconds(ms)} s to the first healthy /api/health`,
    );
  }
}
for (const binary of contenders) {
  const sorted = times.get(binary).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `Node ${version(binary)}${binary ? '' : ' (npm start)'}: median ${seconds(median)} s (min ${seconds(sorted[0])}, max ${seconds(sorted.at(-1))}) over ${runs} runs`,
  );
}
console.log(
  `load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
