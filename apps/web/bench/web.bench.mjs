// `npm run bench:web`: what a first visit to the storefront's landing pages costs a phone.
// Builds when the sources changed, starts the real server on a free port with a fresh data folder
// and the demo catalog, then for /, /servers and /servers/{id}:
//  - the JavaScript and CSS the page loads, from the build manifest (the figure the byte-budget
//    test holds) and as recorded by Chromium's network on a cold visit at 375 px;
//  - the main thread's work on a cold visit at 375 px, without throttling (Chromium's own task,
//    script and style-and-layout durations, median of --visits, default 5): the work a phone
//    does four to six times slower, and the figure to compare when a change aims at blocking
//    time, steadier from run to run than Lighthouse's estimate;
//  - Lighthouse mobile (default simulated throttling), three runs each in a fresh Chromium
//    profile, printing the median performance score, LCP, CLS and TBT.
// Options: --runs N (Lighthouse runs per page, default 3), --visits N (cold visits for the main
// thread figures, default 5), --skip-lighthouse, --reports DIR (keep each Lighthouse report as
// JSON there, to read the LCP element, its phases, the request chain), --as-built (measure the
// build in place even when the sources changed since it: to compare two builds by swapping
// apps/web/dist), --throttling devtools (Lighthouse slows the network and the CPU for real and
// reports what it observed, instead of estimating the slow load from a fast one: decision 060
// says when that matters), --reference (also measure bench/reference, a bare page of the same
// stack with none of the storefront's code: the floor this machine puts under the budgets).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { isBuildCurrent, markBuilt, root } from '../../../scripts/build-state.mjs';
import {
  FIRST_VISIT_JS_BUDGET_BYTES,
  FIRST_VISIT_PAGES,
  firstVisitBytes,
  kilobytes,
  readManifest,
} from './first-visit.mjs';
import { freePort } from '../../../scripts/ports.mjs';
import { startReference } from './reference.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    visits: { type: 'string', default: '5' },
    'as-built': { type: 'boolean', default: false },
    'skip-lighthouse': { type: 'boolean', default: false },
    reports: { type: 'string' },
    throttling: { type: 'string', default: 'simulate' },
    reference: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
if (!['simulate', 'devtools'].includes(options.throttling)) {
  throw new Error('--throttling is simulate (the default) or devtools');
}
if (options.reports) mkdirSync(options.reports, { recursive: true });

async function waitForHealth(baseUrl, server) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer /api/health within 60 s');
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The scripts and styles Chromium downloads on a cold visit, by encoded (on the wire) size. */
async function recordNetwork(browser, url) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const responses = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(url, { waitUntil: 'networkidle' });
  const totals = { js: 0, css: 0, scripts: 0, all: 0 };
  for (const response of responses) {
    const type = response.request().resourceType();
    const { responseBodySize } = await response.request().sizes();
    totals.all += responseBodySize;
    if (type === 'script') {
      totals.js += responseBodySize;
      totals.scripts += 1;
    } else if (type === 'stylesheet') totals.css += responseBodySize;
  }
  await context.close();
  return totals;
}

/**
 * The main thread's work on a cold visit at 375 px: Chromium's task, script, and style and layout
 * durations until the page has been quiet on the network for half a second and a second more.
 */
async function recordMainThread(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const { metrics } = await cdp.send('Performance.getMetrics');
  await context.close();
  const ms = (name) => (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000;
  return {
    task: ms('TaskDuration'),
    script: ms('ScriptDuration'),
    styleLayout: ms('RecalcStyleDuration') + ms('LayoutDuration'),
  };
}

async function lighthouseRun(url, reportFile) {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'crimsonhost-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      throttlingMethod: options.throttling,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (reportFile) writeFileSync(reportFile, JSON.stringify(lhr));
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      // Lighthouse's own measure of this machine's CPU (a mid-range desktop scores ~1,000-2,000):
      // its simulated throttling assumes a fast host and slows the observed work four times.
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/**
 * Lighthouse sometimes loses the trace of a load (NO_NAVSTART, "Please run Lighthouse again"),
 * seen here about once in thirty runs: that run measured nothing, so it is run again, once, and
 * said so. Any other failure, or a second loss in a row, ends the benchmark.
 */
async function lighthouseRunAgainIfAsked(url, reportFile) {
  try {
    return await lighthouseRun(url, reportFile);
  } catch (error) {
    if (!String(error?.message).includes('NO_NAVSTART')) throw error;
    console.log(`  (Lighthouse lost the trace of ${url} (NO_NAVSTART); running it again)`);
    return lighthouseRun(url, reportFile);
  }
}

if (!options['as-built'] && !isBuildCurrent()) {
  console.log('Building the storefront...');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  markBuilt();
}

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crimsonhost-bench-web-'));
const server = spawn(process.execPath, ['apps/api/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    // The demo catalog, without the chains and game servers it does not need here.
    DEMO_DATA: 'true',
    DEMO_CHAIN: 'false',
    DEMO_GAME_SERVERS: 'false',
    DEMO_PANEL_PORT: String(await freePort()),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

let reference;
try {
  await waitForHealth(baseUrl, server);
  const servers = await (await fetch(`${baseUrl}/api/servers`)).json();
  if (!servers.data?.length) throw new Error(`No server to visit: ${JSON.stringify(servers)}`);
  const serverId = servers.data[0].id;
  const manifest = readManifest();
  const pages = FIRST_VISIT_PAGES.map((entry) => ({
    ...entry,
    url: `${baseUrl}${entry.page.replace('{id}', serverId)}`,
    bytes: firstVisitBytes(manifest, entry.module),
  }));
  if (options.reference) {
    reference = await startReference();
    console.log(
      `\nbench/reference (the bare stack): ${kilobytes(reference.jsBrotli)} of JavaScript (brotli)`,
    );
    pages.push({ page: 'reference', url: reference.url });
  }

  console.log(`\nFirst-visit JavaScript (budget ${kilobytes(FIRST_VISIT_JS_BUDGET_BYTES)} brotli)`);
  console.log('page            chunks      raw     gzip   brotli   network JS  network all');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'),
  });
  for (const page of pages.filter((entry) => entry.bytes)) {
    const network = await recordNetwork(browser, page.url);
    const { js } = page.bytes;
    console.log(
      `${page.page.padEnd(14)} ${String(page.bytes.scripts.length).padStart(6)} ` +
        `${kilobytes(js.raw).padStart(9)} ${kilobytes(js.gzip).padStart(8)} ` +
        `${kilobytes(js.brotli).padStart(8)} ${kilobytes(network.js).padStart(12)} ` +
        `${kilobytes(network.all).padStart(12)}  ${js.brotli <= FIRST_VISIT_JS_BUDGET_BYTES ? 'within' : 'OVER'}`,
    );
  }

  const visits = Number(options.visits);
  console.log(
    `\nMain thread of a cold visit at 375 px, no throttling (median of ${visits}; each visit: task ms)`,
  );
  console.log('page              task   script  style+layout');
  for (const page of pages) {
    const results = [];
    for (let visit = 0; visit < visits; visit += 1) {
      results.push(await recordMainThread(browser, page.url));
    }
    const figure = (key) => `${Math.round(median(results.map((r) => r[key])))} ms`;
    console.log(
      `${page.page.padEnd(14)} ${figure('task').padStart(8)} ${figure('script').padStart(8)} ` +
        `${figure('styleLayout').padStart(13)}  (${results.map((r) => Math.round(r.task)).join(', ')})`,
    );
  }
  await browser.close();

  if (!options['skip-lighthouse']) {
    const throttling = options.throttling === 'devtools' ? 'applied (devtools)' : 'simulated';
    console.log(`\nLighthouse mobile, ${throttling} throttling, median of ${runs}`);
    console.log(
      'page            perf      FCP      LCP      CLS      TBT   (each run: perf)  CPU index',
    );
    for (const page of pages) {
      const results = [];
      for (let run = 0; run < runs; run += 1) {
        const reportFile =
          options.reports &&
          path.join(options.reports, `${page.page.replace(/[^a-z]+/g, '-')}-${run + 1}.json`);
        results.push(await lighthouseRunAgainIfAsked(page.url, reportFile));
      }
      console.log(
        `${page.page.padEnd(14)} ${String(median(results.map((r) => r.performance))).padStart(5)} ` +
          `${(median(results.map((r) => r.fcp)) / 1000).toFixed(2).padStart(7)} s ` +
          `${(median(results.map((r) => r.lcp)) / 1000).toFixed(2).padStart(7)} s ` +
          `${median(results.map((r) => r.cls))
            .toFixed(3)
            .padStart(7)} ` +
          `${Math.round(median(results.map((r) => r.tbt)))
            .toString()
            .padStart(6)} ms  (${results.map((r) => r.performance).join(', ')})  ` +
          `${Math.round(median(results.map((r) => r.benchmarkIndex)))}`,
      );
    }
  }
} finally {
  await reference?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
