// The built service worker against a deploy: a storefront of its own (the built API serving a copy
// of the built web app), a release swapped in while a tab is open, and what the tabs get next.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { DESKTOP, PRERENDERED_SCREEN, launchBrowser } from './browser.mjs';
import { freePort } from '../../../scripts/ports.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webDir, '../..');
const RELEASE_META = 'crimsonhost-release';

/** The built API on `port`, serving the web app from `distDir`, without the demo's chains. */
async function startStorefront({ port, dataDir, distDir }) {
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], {
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
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the storefront exited: ${errors}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the storefront did not answer within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function stopStorefront(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * What a new build changes for the worker: the shell (marked with the release) and the shell's
 * revision in the worker's manifest, so the browser sees a new sw.js.
 */
function deployNextRelease(distDir) {
  // The shell and every prerendered first screen (decision 060) belong to the release; the
  // prerendered pages are sent as the build compressed them.
  const prerenderedDir = path.join(distDir, 'prerendered');
  const pages = readdirSync(prerenderedDir).filter((name) => name.endsWith('.html'));
  for (const htmlPath of [
    path.join(distDir, 'index.html'),
    ...pages.map((name) => path.join(prerenderedDir, name)),
  ]) {
    const html = readFileSync(htmlPath, 'utf8').replace(
      '</head>',
      `<meta name="${RELEASE_META}" content="2" /></head>`,
    );
    writeFileSync(htmlPath, html);
    if (htmlPath.startsWith(prerenderedDir)) {
      writeFileSync(`${htmlPath}.br`, brotliCompressSync(html));
      writeFileSync(`${htmlPath}.gz`, gzipSync(html));
    }
  }
  const workerPath = path.join(distDir, 'sw.js');
  const worker = readFileSync(workerPath, 'utf8');
  const next = worker.replace(/(\{url:"index\.html",revision:")[0-9a-f]+"/, `$1${'2'.repeat(32)}"`);
  assert.notEqual(next, worker, 'the worker precaches the shell with a revision');
  writeFileSync(workerPath, next);
}

const release = (page) =>
  page.evaluate(
    (name) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '1',
    RELEASE_META,
  );

/** Waits until the worker is active, then lists every URL in the page's Cache Storage. */
function cachedUrls(page) {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const urls = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

describe('service worker', () => {
  let browser;
  let storefront;
  let port;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crimsonhost-sw-'));
  const distDir = path.join(dataDir, 'web');

  before(async () => {
    cpSync(path.join(webDir, 'dist'), distDir, { recursive: true });
    port = await freePort();
    storefront = await startStorefront({ port, dataDir: path.join(dataDir, 'db'), distDir });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await stopStorefront(storefront);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('caches the shell and what the page used, and a deploy reaches the next navigation', async () => {
    const context = await browser.newContext({
      viewport: DESKTOP,
      baseURL: `http://127.0.0.1:${port}`,
    });
    const firstTab = await context.newPage();
    await firstTab.goto('/servers');
    // The app has drawn the page over its prerendered first screen.
    await firstTab.waitForFunction(
      (selector) => !document.querySelector(selector),
      PRERENDERED_SCREEN,
    );
    await firstTab.getByRole('heading', { name: 'Browse Servers' }).waitFor();

    // After the page has loaded: the shell plus the scripts and styles this page loaded, and not
    // the pages nobody opened.
    let cached = [];
    const pageAssets = await firstTab.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => pathname.startsWith('/assets/')),
    );
    const deadline = Date.now() + 20_000;
    while (!pageAssets.every((asset) => cached.includes(asset)) && Date.now() < deadline) {
      cached = await cachedUrls(firstTab);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.ok(cached.includes('/index.html'), `the shell is cached: ${cached.join(', ')}`);
    for (const asset of pageAssets) assert.ok(cached.includes(asset), `${asset} is cached`);
    const unused = cached.filter((url) => /(wallet|profile|rentals|register)-page/.test(url));
    assert.deepEqual(unused, [], 'pages not opened are not downloaded');

    // Someone is typing in the search field when the new release goes out.
    const search = firstTab.getByLabel('Search servers');
    await search.fill('half-typed');
    await firstTab.evaluate(() => {
      window.firstWorker = navigator.serviceWorker.controller;
    });
    await stopStorefront(storefront);
    deployNextRelease(distDir);
    storefront = await startStorefront({ port, dataDir: path.join(dataDir, 'db'), distDir });

    // A navigation after the deploy gets the new release at once, not a cached shell.
    const secondTab = await context.newPage();
    await secondTab.goto('/servers');
    assert.equal(await release(secondTab), '2');

    // The open tab's worker is replaced, but the tab is not reloaded under the person typing...
    await firstTab.waitForFunction(
      () => navigator.serviceWorker.controller !== window.firstWorker,
      null,
      { timeout: 20_000 },
    );
    assert.equal(await search.inputValue(), 'half-typed');
    assert.equal(await release(firstTab), '1');

    // ...and its next navigation loads the new release.
    await firstTab.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').click();
    await firstTab.waitForFunction(
      (name) => document.querySelector(`meta[name="${name}"]`) !== null,
      RELEASE_META,
      { timeout: 20_000 },
    );
    assert.equal(new URL(firstTab.url()).pathname, '/');
    await context.close();
  });
});
