// `npm run bench:access-log`: what request logging costs (issue 13, point 5). The API on an
// embedded database with the demo catalog answers GET /api/servers (the first page, the request a
// storefront gets most) with its access log at info, and again with no logger at all; rounds
// alternate the two so a busy machine weighs on both alike. It prints requests per second of each
// round and the server's CPU time per request, the medians, and the cost of logging as a share of
// each. The CPU time (user and system, from /proc) is the steadier of the two on a shared machine:
// the throughput also moves with what the load generator and other processes take from the cores.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { pino } from 'pino';
import { AccessLog } from '../src/lib/access-log';
import { jsonDestination } from '../src/lib/readable-log';
import { apiRoot } from '../src/lib/package-paths';
import { freePort } from './bench-postgres';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '20' },
  },
});
const rounds = Number(args.rounds);
const duration = Number(args.duration);
const connections = Number(args.connections);
const GOAL = 0.05;

async function startServer(variant: 'info' | 'off', port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(apiRoot, 'bench/access-log-server.ts'), variant, String(port)],
    { cwd: apiRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  while (!output.includes('listening')) {
    if (child.exitCode !== null) throw new Error(`the ${variant} server exited: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return child;
}

/** CPU time a process has used (user and system), in microseconds (Linux). */
function cpuMicros(pid: number): number {
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticksPerSecond = 100; // USER_HZ on Linux
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
}

interface Round {
  rate: number;
  cpuPerRequest: number;
}

async function measure(variant: 'info' | 'off'): Promise<Round> {
  const port = await freePort();
  const server = await startServer(variant, port);
  const url = `http://127.0.0.1:${port}/api/servers`;
  try {
    await autocannon({ url, connections, duration: 2 }); // warm-up, not counted
    const cpuBefore = cpuMicros(server.pid!);
    const result = await autocannon({ url, connections, duration });
    const cpu = cpuMicros(server.pid!) - cpuBefore;
    if (result.errors || result.timeouts || result.non2xx) {
      throw new Error(
        `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
      );
    }
    return { rate: result.requests.average, cpuPerRequest: cpu / result.requests.total };
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const logged: Round[] = [];
const unlogged: Round[] = [];
console.log(
  `GET /api/servers, ${connections} connections, ${duration} s a round, ${rounds} rounds`,
);
for (let round = 1; round <= rounds; round += 1) {
  // Alternate which goes first, so a machine growing busier does not favour one.
  const order = round % 2 === 1 ? (['info', 'off'] as const) : (['off', 'info'] as const);
  for (const variant of order) {
    const measured = await measure(variant);
    (variant === 'info' ? logged : unlogged).push(measured);
    console.log(
      `round ${round}  ${variant === 'info' ? 'access log at info' : 'no logger        '}  ` +
        `${measured.rate.toFixed(0)} req/s  ${measured.cpuPerRequest.toFixed(2)} µs CPU a request`,
    );
  }
}
const rates = (rounds: Round[]) => median(rounds.map((round) => round.rate));
const cpus = (rounds: Round[]) => median(rounds.map((round) => round.cpuPerRequest));
const throughputCost = 1 - rates(logged) / rates(unlogged);
const cpuCost = cpus(logged) / cpus(unlogged) - 1;
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
console.log(
  `median throughput: access log ${rates(logged).toFixed(0)} req/s, no logger ${rates(unlogged).toFixed(0)} req/s; ` +
    `logging costs ${percent(throughputCost)} (goal at most ${GOAL * 100} %)`,
);
console.log(
  `median CPU a request: access log ${cpus(logged).toFixed(2)} µs, no logger ${cpus(unlogged).toFixed(2)} µs; ` +
    `logging costs ${percent(cpuCost)} (goal at most ${GOAL * 100} %)`,
);

// The same cost without the machine's noise: what the logger adds to one request, measured in this
// process over a million requests (Fastify's per-request child logger with its request id, and the
// access line made and written to /dev/null through the log stream), as a share of the unlogged
// request's CPU time above. Over HTTP, a busy 2-core machine moves each variant by ±10 % or more
// between rounds, and the load generator on the other core amplifies any added work (its wake-ups
// cost the server more as the server slows): docs/benchmarks.md, request logging.
const root = pino({ level: 'info' }, jsonDestination('/dev/null'));
const controller = new AccessLog();
const request = {
  method: 'GET',
  url: '/api/servers?page=2',
  routeOptions: { url: '/api/servers' },
} as unknown as Parameters<AccessLog['requestCompleted']>[1];
const perLine: number[] = [];
const LINES = 1_000_000;
for (let round = 0; round < 5; round += 1) {
  const before = process.cpuUsage();
  for (let n = 0; n < LINES; n += 1) {
    const log = root.child({ reqId: '0f8fad5b-d9cb-469f-a165-70867728950e' });
    const reply = { log, statusCode: 200, elapsedTime: 1.2345 };
    controller.requestCompleted(
      null,
      request,
      reply as unknown as Parameters<AccessLog['requestCompleted']>[2],
    );
    // The stream writes at the end of each turn; a request's turn here is every 20 lines.
    if (n % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
  }
  const used = process.cpuUsage(before);
  perLine.push((used.user + used.system) / LINES);
}
const lineCost = median(perLine);
console.log(
  `in process: the request's child logger and its access line ${(lineCost * 1000).toFixed(0)} ns a request ` +
    `(median of 5 × ${LINES.toLocaleString('en')}), ${percent(lineCost / cpus(unlogged))} of an unlogged request's ` +
    `${cpus(unlogged).toFixed(2)} µs (goal at most ${GOAL * 100} %)`,
);
