// `npm run bench:access-log`: what request logging costs (issue 13, point 5). The API on an
// embedded database with the demo catalog answers GET /api/servers (the first page, the request a
// storefront gets most) with its access log at info, and again with no logger at all; rounds
// alternate the two so a busy machine weighs on both alike. It prints requests per second of each
// round, the medians, and the cost of logging as a share of the unlogged throughput.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
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

async function measure(variant: 'info' | 'off'): Promise<number> {
  const port = await freePort();
  const server = await startServer(variant, port);
  try {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/api/servers`,
      connections,
      duration,
      warmup: { connections, duration: 2 },
    });
    if (result.errors || result.timeouts || result.non2xx) {
      throw new Error(
        `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
      );
    }
    return result.requests.average;
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const logged: number[] = [];
const unlogged: number[] = [];
console.log(
  `GET /api/servers, ${connections} connections, ${duration} s a round, ${rounds} rounds`,
);
for (let round = 1; round <= rounds; round += 1) {
  // Alternate which goes first, so a machine growing busier does not favour one.
  const order = round % 2 === 1 ? (['info', 'off'] as const) : (['off', 'info'] as const);
  for (const variant of order) {
    const rate = await measure(variant);
    (variant === 'info' ? logged : unlogged).push(rate);
    console.log(
      `round ${round}  ${variant === 'info' ? 'access log at info' : 'no logger        '}  ${rate.toFixed(0)} req/s`,
    );
  }
}
const cost = 1 - median(logged) / median(unlogged);
console.log(
  `median: access log ${median(logged).toFixed(0)} req/s, no logger ${median(unlogged).toFixed(0)} req/s; ` +
    `logging costs ${(cost * 100).toFixed(1)} % (goal at most ${GOAL * 100} %)`,
);
