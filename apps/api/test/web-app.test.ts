import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_SCREEN_COOKIES,
  PRERENDER_DIR,
  PRERENDERED_LISTING_NAME,
  SERVED_LISTING_META,
  prerenderedFile,
} from '@crimsonhost/shared/first-screen';
import { serverListings } from '../src/db/schema/index';
import { createTestApp, type TestContext } from './app';
import { createListing, createVendor } from './catalog/catalog-factories';

const SCRIPT = '/assets/app-abc123.js';
const PRERENDERED = [
  ['home', 'light', 'mobile'],
  ['home', 'light', 'wide'],
  ['home', 'dark', 'wide'],
  ['servers', 'light', 'wide'],
  ['server', 'light', 'mobile'],
] as const;
const screenMarker = (page: string, theme: string, layout: string) =>
  `prerendered ${page} ${theme} ${layout}`;
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const STYLES = '/assets/app-def456.css';

/** A build as `npm run build` leaves it: each hashed text asset beside its `.br` and `.gz`. */
function builtWebApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'crimsonhost-web-'));
  mkdirSync(path.join(dir, 'assets'));
  const script = Array.from(
    { length: 400 },
    (_, i) => `export function step${i}(value) { return value * ${i} + ${i % 7}; }`,
  ).join('\n');
  const styles = Array.from({ length: 200 }, (_, i) => `.row-${i} { margin: ${i}px; }`).join('\n');
  for (const [url, text] of [
    [SCRIPT, script],
    [STYLES, styles],
  ] as const) {
    const file = path.join(dir, url);
    writeFileSync(file, text);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
  }
  writeFileSync(path.join(dir, 'assets', 'logo-aaa111.png'), Buffer.alloc(4096, 7));
  const filler = '<meta name="x-filler" content="a storefront shell long enough to compress" />';
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head>${filler.repeat(30)}<script type="module" src="${SCRIPT}"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("install", () => {})');
  // A few of the first screens the build prerenders (decision 060); the others are missing.
  mkdirSync(path.join(dir, PRERENDER_DIR));
  for (const [page, theme, layout] of PRERENDERED) {
    const file = path.join(dir, PRERENDER_DIR, prerenderedFile(page, theme, layout));
    // The server page names its listing by the placeholder the server replaces.
    const named = page === 'server' ? `<h1>${PRERENDERED_LISTING_NAME}</h1>` : '';
    const title = page === 'server' ? `${PRERENDERED_LISTING_NAME} · CrimsonHost` : 'CrimsonHost';
    const html = `<!doctype html><html><head><title>${title}</title></head><body><div id="root"><div inert>${screenMarker(page, theme, layout)}${named}</div></div></body></html>`;
    writeFileSync(file, html);
    // As the build writes them: compressed copies beside each page.
    writeFileSync(`${file}.br`, brotliCompressSync(html));
    writeFileSync(`${file}.gz`, gzipSync(html));
  }
  return dir;
}

let ctx: TestContext;
let distDir: string;
/** A listing whose name needs escaping in HTML, and one no longer listed. */
let listing: { id: string; name: string };
let unlisted: { id: string };

beforeAll(async () => {
  distDir = builtWebApp();
  ctx = await createTestApp({ WEB_DIST_DIR: distDir });
  const vendor = await createVendor(ctx.database.db);
  listing = await createListing(ctx.database.db, {
    vendorId: vendor.id,
    name: `Tom & Jerry's "<Vanilla>"`,
  });
  unlisted = await createListing(ctx.database.db, { vendorId: vendor.id, deletedAt: new Date() });
});
afterAll(() => ctx.close());

function onDisk(url: string): Buffer {
  return readFileSync(path.join(distDir, url));
}

describe('hashed assets', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br', '.br'],
    ['br', 'br', '.br'],
    ['gzip, deflate', 'gzip', '.gz'],
    ['br;q=0, gzip', 'gzip', '.gz'],
  ])(
    'answers Accept-Encoding "%s" with the file precompressed as %s',
    async (accept, encoding, suffix) => {
      for (const [url, type] of [
        [SCRIPT, /^application\/javascript; charset=utf-8$/],
        [STYLES, /^text\/css; charset=utf-8$/],
      ] as const) {
        const response = await ctx.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': accept },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['content-type']).toMatch(type);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        // The very bytes the build wrote, not a second compression on the fly.
        expect(response.rawPayload.equals(onDisk(url + suffix))).toBe(true);
        const decoded =
          encoding === 'br'
            ? brotliDecompressSync(response.rawPayload)
            : gunzipSync(response.rawPayload);
        expect(decoded.equals(onDisk(url))).toBe(true);
      }
    },
  );

  it.each([undefined, 'identity'])(
    'sends the original bytes when the browser accepts no compression (%s)',
    async (accept) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: SCRIPT,
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/^application\/javascript/);
      expect(response.headers['cache-control']).toContain('immutable');
      expect(response.rawPayload.equals(onDisk(SCRIPT))).toBe(true);
    },
  );

  it('leaves images as they are', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/assets/logo-aaa111.png',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(onDisk('/assets/logo-aaa111.png'))).toBe(true);
  });
});

describe('answers compressed on the fly', () => {
  it('compresses the shell, keeping its fresh CSRF token and no-store', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/wallet',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(response.rawPayload).toString('utf8');
    expect(html).toMatch(/<meta name="csrf-token" content="[\w.-]+" \/><\/head>/);
    expect(response.rawPayload.length).toBeLessThan(html.length / 4);
  });

  it('compresses a large JSON answer with gzip for a browser without brotli', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8')).openapi).toMatch(/^3\./);
  });

  it('answers the same JSON uncompressed to a client that asks for nothing', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().openapi).toMatch(/^3\./);
  });
});

describe('prerendered first screens', () => {
  async function page(url: string, headers: Record<string, string> = {}) {
    const response = await ctx.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    return { response, html: response.body };
  }

  it("answers a phone's first visit to the home page with its prerendered screen", async () => {
    const { response, html } = await page('/', { 'user-agent': ANDROID_CHROME });
    expect(html).toContain(screenMarker('home', 'light', 'mobile'));
    // The page is sent as the build wrote it: the app fetches its CSRF token when it writes.
    expect(html).not.toContain('csrf-token');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.vary).toMatch(/cookie/i);
  });

  it('sends the copy the build compressed, as the browser accepts', async () => {
    const file = path.join(distDir, PRERENDER_DIR, prerenderedFile('home', 'light', 'mobile'));
    for (const [accept, encoding, suffix] of [
      ['gzip, deflate, br', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'user-agent': ANDROID_CHROME, 'accept-encoding': accept },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.rawPayload.equals(readFileSync(`${file}${suffix}`))).toBe(true);
    }
  });

  it('draws the theme and layout the browser last reported in its cookies', async () => {
    const { html } = await page('/?utm_source=newsletter', {
      'user-agent': ANDROID_CHROME,
      cookie: `${FIRST_SCREEN_COOKIES.theme}=dark; ${FIRST_SCREEN_COOKIES.layout}=wide`,
    });
    expect(html).toContain(screenMarker('home', 'dark', 'wide'));
  });

  it('answers a listing with the server page, its name written in, by the mobile hint', async () => {
    const escaped = 'Tom &#38; Jerry&#39;s &#34;&#60;Vanilla&#62;&#34;';
    const { response, html } = await page(`/servers/${listing.id}`, { 'sec-ch-ua-mobile': '?1' });
    expect(html).toContain(screenMarker('server', 'light', 'mobile'));
    expect(html).toContain(`<title>${escaped} · CrimsonHost</title>`);
    expect(html).toContain(`<h1>${escaped}</h1>`);
    expect(html).toContain(
      `<meta name="${SERVED_LISTING_META}" data-id="${listing.id}" content="${escaped}" /></head>`,
    );
    expect(html).not.toContain(PRERENDERED_LISTING_NAME);
    expect(html).not.toContain('csrf-token');
    expect(response.headers.vary).toMatch(/cookie/i);

    // Compressed as the browser accepts, the same page each time.
    const asked = { 'sec-ch-ua-mobile': '?1', 'accept-encoding': 'gzip, deflate, br' };
    const first = await ctx.app.inject({
      method: 'GET',
      url: `/servers/${listing.id}`,
      headers: asked,
    });
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/servers/${listing.id}/`,
      headers: asked,
    });
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(html);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const gzipped = await ctx.app.inject({
      method: 'GET',
      url: `/servers/${listing.id}`,
      headers: { 'sec-ch-ua-mobile': '?1', 'accept-encoding': 'gzip' },
    });
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(html);
  });

  it('writes a renamed listing’s new name at once', async () => {
    const vendor = await createVendor(ctx.database.db, 'Renaming Vendor');
    const renamed = await createListing(ctx.database.db, {
      vendorId: vendor.id,
      name: 'Blocky Valley',
    });
    const before = await page(`/servers/${renamed.id}`, { 'sec-ch-ua-mobile': '?1' });
    expect(before.html).toContain('<h1>Blocky Valley</h1>');
    await ctx.database.db
      .update(serverListings)
      .set({ name: 'Blocky Valley II' })
      .where(eq(serverListings.id, renamed.id));
    const after = await page(`/servers/${renamed.id}`, { 'sec-ch-ua-mobile': '?1' });
    expect(after.html).toContain('<h1>Blocky Valley II</h1>');
  });

  it('answers the shell for a listing that is unknown, unlisted or not an id', async () => {
    for (const id of [
      '3f1c2f7e-9a8e-4a43-9e61-0c1f1a2b3c4d',
      unlisted.id,
      'not-a-uuid',
      `${listing.id}%2F..`,
    ]) {
      const { html } = await page(`/servers/${id}`, { 'sec-ch-ua-mobile': '?1' });
      expect(html, id).not.toContain('prerendered');
      expect(html, id).not.toContain(SERVED_LISTING_META);
      expect(html, id).toMatch(/<meta name="csrf-token" content="[\w.-]+" \/><\/head>/);
    }
  });

  it('answers the bare shell where no screen was drawn, or the build lacks it', async () => {
    for (const [url, headers] of [
      ['/servers?game=rust', {}],
      ['/wallet', {}],
      ['/login', { 'user-agent': ANDROID_CHROME }],
      // home.dark.mobile is not in this build.
      ['/', { 'user-agent': ANDROID_CHROME, cookie: `${FIRST_SCREEN_COOKIES.theme}=dark` }],
    ] as const) {
      const { html } = await page(url, headers);
      expect(html, url).not.toContain('prerendered');
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).toMatch(/<meta name="csrf-token" content="[\w.-]+" \/><\/head>/);
    }
  });
});
