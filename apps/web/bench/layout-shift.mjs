// Cumulative layout shift of a first visit to / and /servers, measured in Chromium with the
// `layout-shift` PerformanceObserver on the built app: node bench/layout-shift.mjs [web dist folder]
// It starts the built API (no demo chains, so the catalog is empty) on a free port serving the
// folder (default: dist), loads each page at 375 and 1280 px three times, and prints the median.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESKTOP, MOBILE, launchBrowser, watchLayoutShift } from '../e2e/browser.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webDir, '../..');
const distDir = path.resolve(process.argv[2] ?? path.join(webDir, 'dist'));
const RUNS = 3;

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crimsonhost-cls-'));
const server = spawn(process.execPath, ['apps/api/dist/main.js'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_DIST_DIR: distDir,
    DEMO_DATA: 'false',
  },
  stdio: 'ignore',
});
const baseUrl = `http://127.0.0.1:${port}`;
for (;;) {
  try {
    if ((await fetch(`${baseUrl}/api/health`)).ok) break;
  } catch {
    // Not listening yet.
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}

const browser = await launchBrowser();
try {
  for (const viewport of [MOBILE, DESKTOP]) {
    for (const page of ['/', '/servers']) {
      const shifts = [];
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
        const tab = await context.newPage();
        const layoutShift = await watchLayoutShift(tab);
        await tab.goto(`${baseUrl}${page}`, { waitUntil: 'networkidle' });
        await tab.waitForTimeout(1000);
        shifts.push(await layoutShift());
        await context.close();
      }
      shifts.sort((a, b) => a - b);
      console.log(
        `${page.padEnd(9)} ${String(viewport.width).padStart(4)} px  CLS median ${shifts[1].toFixed(4)}  (runs ${shifts.map((v) => v.toFixed(4)).join(', ')})`,
      );
    }
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
