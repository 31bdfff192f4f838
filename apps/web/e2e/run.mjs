// End-to-end run: build everything, then share the e2e/*.e2e.mjs files out between lanes (two by
// default, E2E_LANES sets it). Each lane starts its own storefront on a free port with a fresh
// data folder, its own demo world and mail server, runs its files one at a time with node's test
// runner against it, checks its books, and always stops its server afterwards. Each lane's output
// is printed whole when all are done. E2E_SKIP_BUILD=1 reuses the current build (handy when
// re-running the suite locally); E2E_KEEP_DATA=1 keeps the data folders and server logs.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailServer } from './mail-server.mjs';
import { freePort, freePortRange } from '../../../scripts/ports.mjs';
import { serverEnvironment } from '../../../scripts/server-env.mjs';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(e2eDir, '..');
const repoRoot = path.resolve(webDir, '../..');
/**
 * A lane's storefront migrates, seeds the demo and starts its chains before it answers: about 10 s
 * on a quiet machine, and once over 60 s on a machine running two other lanes and a build beside
 * it (the embedded database alone took 31 s to open).
 */
const HEALTH_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 10_000;

async function waitForHealth(baseUrl, server) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`GET /api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

function stopServer(server) {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('e2e: the build failed');
    process.exit(build.status ?? 1);
  }
}

/**
 * Each file's time in seconds in a whole run (2026-11-27, one lane, quiet 2-core machine), to
 * share the files out between the lanes; a new file counts as a minute until it is measured.
 */
const MEASURED_SECONDS = {
  'support.e2e.mjs': 312,
  'vendors.e2e.mjs': 235,
  'wallet.e2e.mjs': 177,
  'admin.e2e.mjs': 133,
  'payouts.e2e.mjs': 114,
  'routes.e2e.mjs': 100,
  'rentals.e2e.mjs': 97,
  'benefits.e2e.mjs': 88,
  'accounts.e2e.mjs': 78,
  'pages.e2e.mjs': 70,
  'catalog.e2e.mjs': 30,
  'service-worker.e2e.mjs': 30,
  'byte-budget.e2e.mjs': 1,
  'layout.e2e.mjs': 21,
  'first-screen.e2e.mjs': 10,
};

/** Shares the files out so that the lanes end at about the same time (longest first). */
function shareOut(files, lanes) {
  const shares = Array.from({ length: lanes }, () => ({ files: [], seconds: 0 }));
  const weight = (name) => MEASURED_SECONDS[name] ?? 60;
  for (const name of [...files].sort((a, b) => weight(b) - weight(a))) {
    const share = shares.reduce((least, next) => (next.seconds < least.seconds ? next : least));
    share.files.push(name);
    share.seconds += weight(name);
  }
  return shares.map((share) => share.files.sort()).filter((names) => names.length > 0);
}

const taken = [];
async function portNotTaken() {
  let port = await freePort();
  while (taken.includes(port)) port = await freePort();
  taken.push(port);
  return port;
}

/**
 * One storefront with its own data folder, mail server, demo chains, panel and game servers, so
 * that lanes share nothing: each has its own accounts, money, test clock and books.
 */
async function startWorld(name) {
  const port = await portNotTaken();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crimsonhost-e2e-'));
  const logPath = path.join(dataDir, 'server.log');
  const log = createWriteStream(logPath);
  // Password reset mail goes over real SMTP to a local server; the tests read it from mailDir.
  const mailDir = path.join(dataDir, 'mail');
  const mail = await startMailServer(mailDir);
  // The demo chain, panel and game servers on ports of their own, so a storefront already running
  // here (npm start) or another lane does not collide; the tests get the chain's port to pay
  // deposits with demo:pay.
  const demoPorts = {
    DEMO_CHAIN_PORT: String(await portNotTaken()),
    DEMO_TRON_PORT: String(await portNotTaken()),
    DEMO_PANEL_PORT: String(await portNotTaken()),
  };
  const gameBase = await freePortRange(65, taken);
  for (let game = gameBase; game < gameBase + 65; game += 1) taken.push(game);
  demoPorts.DEMO_GAME_PORT_BASE = String(gameBase);

  const server = spawn(process.execPath, ['apps/api/dist/main.js'], {
    cwd: repoRoot,
    env: serverEnvironment({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PUBLIC_URL: baseUrl,
      SMTP_URL: mail.url,
      // Every file signs its browsers up from this one address, within one clock hour: more than
      // the five accounts an hour a single address gets in production.
      REGISTRATIONS_PER_IP_HOUR: '100',
      // vendors.e2e moves the storefront's clock ahead to end a rental and its dispute window
      // (decision 042); it puts it back on the real time when it is done.
      TEST_CLOCK: 'true',
      ...demoPorts,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  return {
    name,
    baseUrl,
    logPath,
    async ready() {
      await waitForHealth(baseUrl, server);
      // The demo accounts' passwords are printed once at the first start, as a newcomer sees them.
      const demoPassword = (email) =>
        new RegExp(`${email.replace('.', '\\.')}\\s+password: (\\S+)`).exec(
          readFileSync(logPath, 'utf8'),
        )?.[1];
      for (
        let waited = 0;
        !demoPassword('support@crimsonhost.demo') && waited < 5000;
        waited += 100
      )
        await new Promise((resolve) => setTimeout(resolve, 100));
      return {
        ...demoPorts,
        BASE_URL: baseUrl,
        E2E_MAIL_DIR: mailDir,
        E2E_STATE_FILE: path.join(dataDir, 'e2e-run-state.json'),
        E2E_DEMO_SUPPORT_PASSWORD: demoPassword('support@crimsonhost.demo') ?? '',
        E2E_DEMO_RENTER_PASSWORD: demoPassword('renter@crimsonhost.demo') ?? '',
        E2E_DEMO_ADMIN_PASSWORD: demoPassword('admin@crimsonhost.demo') ?? '',
        E2E_DEMO_VENDOR_PASSWORD: demoPassword('vendor.nordic@crimsonhost.demo') ?? '',
      };
    },
    /**
     * Issue 15: the books balance after the lane's money scenarios (deposits paid on the demo
     * chains, rentals, refunds, a credit by hand). The server stops first: the embedded
     * database's folder opens in one process at a time.
     */
    async checkTheBooks() {
      await stopServer(server);
      const check = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'apps/api/src/cli/ledger-check.ts'],
        { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
      );
      return { ok: check.status === 0, text: `${check.stdout}${check.stderr}` };
    },
    async stop() {
      await stopServer(server);
      await mail.close();
      log.end();
      if (process.env.E2E_KEEP_DATA === '1')
        console.error(`e2e: ${name}'s data kept in ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs one lane's files one at a time against its world; its output is kept to print whole. */
async function runLane(world, files, whole) {
  const output = [];
  let env;
  try {
    env = await world.ready();
  } catch (error) {
    output.push(`e2e: ${error instanceof Error ? error.message : String(error)}\n`);
    return { status: 1, output: output.join('') + serverLogTail(world.logPath) };
  }
  output.push(`e2e: ${world.name} at ${world.baseUrl}: ${files.join(', ')}\n`);
  const tests = spawn(
    process.execPath,
    [
      '--test',
      '--test-concurrency=1',
      '--test-reporter=spec',
      ...files.map((f) => path.join('e2e', f)),
    ],
    { cwd: webDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  tests.stdout.on('data', (chunk) => output.push(chunk.toString()));
  tests.stderr.on('data', (chunk) => output.push(chunk.toString()));
  let status = await new Promise((resolve) => {
    tests.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  if (status !== 0) output.push(serverLogTail(world.logPath));
  else if (whole) {
    const books = await world.checkTheBooks();
    output.push(`e2e: the books of ${world.name} after its files\n${books.text}`);
    if (!books.ok) status = 1;
  }
  return { status, output: output.join('') };
}

function serverLogTail(logPath) {
  const lines = readFileSync(logPath, 'utf8').trimEnd().split('\n');
  return `--- last server log lines (${logPath}) ---\n${lines.slice(-40).join('\n')}\n`;
}

const only = process.argv.slice(2);
const files = readdirSync(e2eDir)
  .filter((name) => name.endsWith('.e2e.mjs'))
  // `npm run test:e2e -- wallet rentals` runs just those files.
  .filter((name) => only.length === 0 || only.some((part) => name.includes(part)))
  .sort();
// Two lanes by default: one lane keeps a 2-core machine little more than half busy, as its time
// goes to waiting for blocks, confirmations and the browser (decision 050).
const lanes = shareOut(files, Math.max(1, Number(process.env.E2E_LANES ?? 2)));
const worlds = [];
let exitCode = 1;
const stopAll = () => Promise.all(worlds.map((world) => world.stop()));
const interrupt = (signal) => {
  void stopAll().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
};
process.once('SIGINT', interrupt);
process.once('SIGTERM', interrupt);

try {
  for (let lane = 0; lane < lanes.length; lane += 1)
    worlds.push(await startWorld(`lane ${lane + 1}`));
  const results = await Promise.all(
    lanes.map((laneFiles, lane) => runLane(worlds[lane], laneFiles, only.length === 0)),
  );
  results.forEach((result, lane) => {
    console.log(`\n=== ${worlds[lane].name}: ${result.status === 0 ? 'passed' : 'FAILED'}`);
    console.log(result.output);
  });
  exitCode = results.every((result) => result.status === 0) ? 0 : 1;
} catch (error) {
  console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await stopAll();
}
process.exit(exitCode);
