// End-to-end run: build everything, start the real server on a free port with a fresh data folder,
// run e2e/*.e2e.mjs with node's test runner against it, and always stop the server afterwards.
// E2E_SKIP_BUILD=1 reuses the current build (handy when re-running the suite locally).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailServer } from './mail-server.mjs';
import { freePort, freePortRange } from '../../../scripts/ports.mjs';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(e2eDir, '..');
const repoRoot = path.resolve(webDir, '../..');
const HEALTH_TIMEOUT_MS = 60_000;
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

/**
 * Issue 15: the books balance after the whole run's money scenarios (deposits paid on the demo
 * chains, rentals, refunds, a credit by hand). The server stops first: the embedded database's
 * folder opens in one process at a time.
 */
async function checkTheBooks() {
  await stopServer(server);
  const check = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/cli/ledger-check.ts'],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  console.log(`e2e: the books after the run\n${check.stdout}${check.stderr}`);
  return check.status === 0 ? 0 : 1;
}

function printServerLog(logPath) {
  const lines = readFileSync(logPath, 'utf8').trimEnd().split('\n');
  console.error(`--- last server log lines (${logPath}) ---`);
  console.error(lines.slice(-40).join('\n'));
}

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('e2e: the build failed');
    process.exit(build.status ?? 1);
  }
}

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crimsonhost-e2e-'));
const logPath = path.join(dataDir, 'server.log');
const log = createWriteStream(logPath);
// Password reset mail goes over real SMTP to a local server; the tests read it from mailDir.
const mailDir = path.join(dataDir, 'mail');
const mail = await startMailServer(mailDir);
// The demo chain, panel and game servers on ports of their own, so a storefront already running
// here (npm start) does not collide; the tests get the chain's port to pay deposits with demo:pay.
const chainPort = await freePort();
let panelPort = await freePort();
while (panelPort === chainPort) panelPort = await freePort();
let tronPort = await freePort();
while (tronPort === chainPort || tronPort === panelPort) tronPort = await freePort();
const demoPorts = {
  DEMO_CHAIN_PORT: String(chainPort),
  DEMO_TRON_PORT: String(tronPort),
  DEMO_PANEL_PORT: String(panelPort),
  DEMO_GAME_PORT_BASE: String(await freePortRange(65, [chainPort, panelPort, tronPort])),
};

const server = spawn(process.execPath, ['apps/api/dist/main.js'], {
  cwd: repoRoot,
  env: {
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
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.pipe(log);
server.stderr.pipe(log);

let exitCode = 1;
const only = process.argv.slice(2);
const interrupt = (signal) => {
  void stopServer(server).then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
};
process.once('SIGINT', interrupt);
process.once('SIGTERM', interrupt);

try {
  await waitForHealth(baseUrl, server);
  console.log(`e2e: server ready at ${baseUrl} (data in ${dataDir})`);
  // The demo accounts' passwords are printed once at the first start, as a newcomer sees them.
  const demoPassword = (email) =>
    new RegExp(`${email.replace('.', '\\.')}\\s+password: (\\S+)`).exec(
      readFileSync(logPath, 'utf8'),
    )?.[1];
  for (let waited = 0; !demoPassword('support@crimsonhost.demo') && waited < 5000; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  demoPorts.E2E_DEMO_SUPPORT_PASSWORD = demoPassword('support@crimsonhost.demo') ?? '';
  demoPorts.E2E_DEMO_RENTER_PASSWORD = demoPassword('renter@crimsonhost.demo') ?? '';
  demoPorts.E2E_DEMO_ADMIN_PASSWORD = demoPassword('admin@crimsonhost.demo') ?? '';
  demoPorts.E2E_DEMO_VENDOR_PASSWORD = demoPassword('vendor.nordic@crimsonhost.demo') ?? '';
  const files = readdirSync(e2eDir)
    .filter((name) => name.endsWith('.e2e.mjs'))
    // `npm run test:e2e -- wallet rentals` runs just those files.
    .filter((name) => only.length === 0 || only.some((part) => name.includes(part)))
    .sort()
    .map((name) => path.join('e2e', name));
  const tests = spawn(process.execPath, ['--test', '--test-concurrency=1', ...files], {
    cwd: webDir,
    env: {
      ...process.env,
      BASE_URL: baseUrl,
      E2E_MAIL_DIR: mailDir,
      E2E_STATE_FILE: path.join(dataDir, 'e2e-run-state.json'),
      ...demoPorts,
    },
    stdio: 'inherit',
  });
  exitCode = await new Promise((resolve) => {
    tests.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  if (exitCode !== 0) printServerLog(logPath);
  else if (only.length === 0) exitCode = await checkTheBooks();
} catch (error) {
  console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
  printServerLog(logPath);
} finally {
  await stopServer(server);
  await mail.close();
  log.end();
  if (process.env.E2E_KEEP_DATA === '1') console.error(`e2e: data kept in ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
