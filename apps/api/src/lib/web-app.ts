import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  PRERENDER_DIR,
  PRERENDER_LAYOUTS,
  PRERENDER_THEMES,
  PRERENDERED_LISTING_NAME,
  PRERENDERED_PAGES,
  SERVED_LISTING_META,
  firstScreenVariant,
  prerenderedFile,
  prerenderedPageFor,
} from '@crimsonhost/shared/first-screen';
import { brotli, gzip, negotiateEncoding } from './compressed-answer';
import { escapeHtml } from './escape-html';

export interface WebApp {
  /**
   * Answers the single-page app's shell for a browser route, carrying a fresh CSRF token and
   * compressed as the browser accepts; for the pages the build prerendered, that page in the
   * visitor's theme and layout, precompressed and without a token (decision 060); a server's
   * page with the listing's name written in (decision 068).
   */
  sendShell(
    request: FastifyRequest,
    reply: FastifyReply,
    issueCsrfToken: () => string,
  ): Promise<FastifyReply>;
}

export interface WebAppOptions {
  /** A listed server's name by the id in its page's address, or null when there is none. */
  listingName?: (id: string) => Promise<string | null>;
}

/** How many server pages with their names written in are kept compressed, most recent first. */
const NAMED_PAGES_KEPT = 256;

/**
 * The shell is answered by the not-found handler, which the compression plugin does not see (it
 * hooks routes only), and it differs on every request by its token: compress it here, at a
 * quality that costs 0.12 ms on its 3 KB. (A prerendered page, 56 to 113 KB, would cost 1.6 to
 * 2.2 ms: it carries no token and is compressed by the build; decision 060.)
 */
function compressShell(html: string, acceptEncoding: string | undefined) {
  const encoding = negotiateEncoding(acceptEncoding);
  if (encoding === 'br') return { encoding, body: brotli(html) };
  if (encoding === 'gzip') return { encoding, body: gzip(html) };
  return { encoding: null, body: html };
}

/** A prerendered page as the build wrote it: the HTML, and its brotli and gzip copies. */
interface PrerenderedPage {
  html: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

/** The build's prerendered pages by file name; empty when the build has none. */
function readPrerendered(distDir: string): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  const readIfThere = (file: string) => (existsSync(file) ? readFileSync(file) : null);
  for (const page of PRERENDERED_PAGES) {
    for (const theme of PRERENDER_THEMES) {
      for (const layout of PRERENDER_LAYOUTS) {
        const name = prerenderedFile(page.name, theme, layout);
        const file = path.join(distDir, PRERENDER_DIR, name);
        const html = readIfThere(file);
        if (html)
          pages.set(name, { html, br: readIfThere(`${file}.br`), gzip: readIfThere(`${file}.gz`) });
      }
    }
  }
  return pages;
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and the
 * HTML shell for any browser route the API does not own. The build writes a brotli and a gzip copy
 * beside each hashed text asset; the one the browser accepts is sent as it is (`Vary:
 * Accept-Encoding`), and the original to a browser that accepts neither. Returns null when the app
 * has not been built (API-only runs and tests).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  { listingName }: WebAppOptions = {},
): Promise<WebApp | null> {
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const shell = readFileSync(indexPath, 'utf8');
  const prerendered = readPrerendered(distDir);

  /** This request's page prerendered in the visitor's theme and layout, when the build has it. */
  const prerenderedFor = (request: FastifyRequest) => {
    const page = prerenderedPageFor(request.url);
    if (!page) return undefined;
    const mobileHint = request.headers['sec-ch-ua-mobile'];
    const { theme, layout } = firstScreenVariant({
      cookie: request.headers.cookie,
      'sec-ch-ua-mobile': typeof mobileHint === 'string' ? mobileHint : undefined,
      'user-agent': request.headers['user-agent'],
    });
    const file = prerenderedFile(page, theme, layout);
    const built = prerendered.get(file);
    return built && { ...built, page, file };
  };

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  });

  /**
   * A server's prerendered page with the listing's name in place of PRERENDERED_LISTING_NAME (its
   * title, breadcrumb and heading) and in a meta element the app reads while the listing loads,
   * compressed as the browser accepts. Kept for the pages asked for most recently (a name that
   * changes makes a new entry). Undefined for an unknown listing: the shell then lets the app say
   * it was not found.
   */
  const namedPages = new Map<string, Buffer>();
  const namedPage = async (
    request: FastifyRequest,
    { html, file }: PrerenderedPage & { file: string },
  ) => {
    // Ids are UUIDs: an address with escapes in it names no listing (and may not even decode).
    const id = /^\/servers\/([\w-]+)\/?(?:\?|$)/.exec(request.url)?.[1];
    const name = listingName && id ? await listingName(id) : null;
    if (!id || name === null) return undefined;
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const key = JSON.stringify([file, id, name, encoding]);
    const kept = namedPages.get(key);
    if (kept) {
      // Most recent last: the first entry is the one asked for longest ago.
      namedPages.delete(key);
      namedPages.set(key, kept);
      return { encoding, body: kept };
    }
    const text = escapeHtml(name);
    const meta = `<meta name="${SERVED_LISTING_META}" data-id="${escapeHtml(id)}" content="${text}" />`;
    const page = html
      .toString('utf8')
      .replaceAll(PRERENDERED_LISTING_NAME, () => text)
      .replace('</head>', () => `${meta}</head>`);
    // Only compressed copies are kept: the page as written costs no more than this replace.
    if (!encoding) return { encoding, body: page };
    const body = encoding === 'br' ? brotli(page) : gzip(page);
    if (namedPages.size >= NAMED_PAGES_KEPT) namedPages.delete(namedPages.keys().next().value!);
    namedPages.set(key, body);
    return { encoding, body };
  };

  return {
    async sendShell(request, reply, issueCsrfToken) {
      reply.code(200).header('cache-control', 'no-store').type('text/html; charset=utf-8');
      const found = prerenderedFor(request);
      // A server's page is sent only with its listing's name written in; without one, the shell.
      const named = found?.page === 'server' ? await namedPage(request, found) : undefined;
      if (named) {
        if (named.encoding) reply.header('content-encoding', named.encoding);
        return reply
          .header('vary', 'accept-encoding, cookie, sec-ch-ua-mobile, user-agent')
          .send(named.body);
      }
      const page = found?.page === 'server' ? undefined : found;
      if (page) {
        // Sent as the build compressed it: no token in it, so no work per request. The app
        // fetches its CSRF token when it first writes, as it does under a cached shell.
        const encoding = negotiateEncoding(request.headers['accept-encoding']);
        const body = (encoding && page[encoding]) ?? page.html;
        if (body !== page.html) reply.header('content-encoding', encoding);
        return reply
          .header('vary', 'accept-encoding, cookie, sec-ch-ua-mobile, user-agent')
          .send(body);
      }
      const meta = `<meta name="csrf-token" content="${issueCsrfToken()}" />`;
      const { encoding, body } = compressShell(
        shell.replace('</head>', () => `${meta}</head>`),
        request.headers['accept-encoding'],
      );
      if (encoding) reply.header('content-encoding', encoding);
      return reply.header('vary', 'accept-encoding').send(body);
    },
  };
}
