// Draws the first screen of the pages a first visit most often opens, once per theme and layout,
// into the build (decision 060): `npm run build` runs it after Vite's build. The app is bundled
// for Node with everything in it, rendered with React's static renderer, and each screen is
// written into a copy of dist/index.html under dist/prerendered/.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webRoot, 'dist');
const bundleDir = path.join(webRoot, 'node_modules', '.prerender');

const started = performance.now();
await build({
  root: webRoot,
  configFile: path.join(webRoot, 'vite.config.ts'),
  configLoader: 'runner',
  logLevel: 'warn',
  build: {
    ssr: path.join(webRoot, 'src', 'prerender', 'entry.tsx'),
    outDir: bundleDir,
    emptyOutDir: true,
    minify: false,
    // The client build's manifest is what the byte budget reads; this build needs none.
    manifest: false,
    copyPublicDir: false,
  },
});
// The bundle carries the composing functions too (build/prerender-page.ts), so this script needs
// no TypeScript loader.
const {
  prerender,
  PRERENDER_DIR,
  PRERENDER_LAYOUTS,
  PRERENDER_THEMES,
  PRERENDERED_PAGES,
  PRERENDERED_LISTING_NAME,
  composePage,
  precompressDirectory,
  prerenderedFile,
  firstScreensStylesheet,
} = await import(pathToFileURL(path.join(bundleDir, 'entry.js')).href);

const shell = readFileSync(path.join(distDir, 'index.html'), 'utf8');
// The app's stylesheet (a few KB) is written into each prerendered page.
const stylesheet = (href) =>
  href.startsWith('/assets/') && href.endsWith('.css')
    ? readFileSync(path.join(distDir, href), 'utf8')
    : undefined;
const outDir = path.join(distDir, PRERENDER_DIR);
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
// Every screen is drawn first: the Ant Design stylesheet they share (decision 067) is written
// before the pages that list it.
const screens = [];
for (const page of PRERENDERED_PAGES) {
  for (const theme of PRERENDER_THEMES) {
    for (const layout of PRERENDER_LAYOUTS) {
      screens.push({ page, theme, layout, screen: await prerender(page.url, theme, layout) });
    }
  }
}
// A hashed asset (cached for a year): its name changes with its content.
const antdCss = firstScreensStylesheet();
const antdDir = path.join(distDir, 'assets', 'first-screens');
const antdFile = `antd-${createHash('sha256').update(antdCss).digest('base64url').slice(0, 10)}.css`;
rmSync(antdDir, { recursive: true, force: true });
mkdirSync(antdDir, { recursive: true });
writeFileSync(path.join(antdDir, antdFile), antdCss);
await precompressDirectory(antdDir);
const antdHref = `/assets/first-screens/${antdFile}`;

let files = 0;
for (const { page, theme, layout, screen } of screens) {
  const variant = `${page.name} (${theme}, ${layout})`;
  if ('placeholder' in page && screen.html.includes(page.placeholder)) {
    throw new Error(
      `The prerendered ${variant} names ${page.placeholder}: it would be wrong for every listing`,
    );
  }
  if (page.name === 'server' && !screen.html.includes(PRERENDERED_LISTING_NAME)) {
    throw new Error(
      `The prerendered ${variant} does not name ${PRERENDERED_LISTING_NAME}: the server could not write the listing's name into it`,
    );
  }
  let html;
  try {
    html = composePage(shell, screen, theme, layout, stylesheet, antdHref);
  } catch (error) {
    throw new Error(`Prerendering ${variant}: ${error.message}`);
  }
  writeFileSync(path.join(outDir, prerenderedFile(page.name, theme, layout)), html);
  files += 1;
}
// Each page is sent as it is, with no per-request token in it (the app fetches its CSRF token
// when it first writes): compressed once here, at the highest levels, like the hashed assets.
await precompressDirectory(outDir);
rmSync(bundleDir, { recursive: true, force: true });
console.log(
  `prerendered ${files} first screens into dist/${PRERENDER_DIR} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
