import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  PRERENDER_DIR,
  PRERENDER_LAYOUTS,
  PRERENDER_THEMES,
  PRERENDERED_PAGES,
  firstScreenVariant,
  prerenderedFile,
  prerenderedPageFor,
} from '@crimsonhost/shared/first-screen';

export interface WebApp {
  /**
   * Answers the single-page app's shell for a browser route, carrying a fresh CSRF token,
   * compressed as the browser accepts: for the pages the build prerendered, the shell with that
   * page's first screen in the visitor's theme and layout (decision 060).
   */
  sendShell(request: FastifyRequest, reply: FastifyReply, csrfToken: string): FastifyReply;
}

const shellEncodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

/**
 * The shell is answered by the not-found handler, which the compression plugin does not see (it
 * hooks routes only), and it differs on every request by its token: compress it here, at a
 * quality that costs 0.12 ms on the bare 3 KB shell and 1.6–2.2 ms on a prerendered one (56 to
 * 113 KB, 13 to 20 KB compressed; docs/benchmarks.md).
 */
function compressShell(html: string, acceptEncoding: string | undefined) {
  const encoding = acceptEncoding ? shellEncodings.negotiate(acceptEncoding) : null;
  if (encoding === 'br') {
    return {
      encoding,
      body: brotliCompressSync(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
    };
  }
  if (encoding === 'gzip') return { encoding, body: gzipSync(html, { level: 6 }) };
  return { encoding: null, body: html };
}

/** The build's prerendered shells by file name; empty when the build has none. */
function readPrerendered(distDir: string): Map<string, string> {
  const shells = new Map<string, string>();
  for (const page of PRERENDERED_PAGES) {
    for (const theme of PRERENDER_THEMES) {
      for (const layout of PRERENDER_LAYOUTS) {
        const name = prerenderedFile(page.name, theme, layout);
        const file = path.join(distDir, PRERENDER_DIR, name);
        if (existsSync(file)) shells.set(name, readFileSync(file, 'utf8'));
      }
    }
  }
  return shells;
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
): Promise<WebApp | null> {
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const shell = readFileSync(indexPath, 'utf8');
  const prerendered = readPrerendered(distDir);

  /** The shell for this request: its page's prerendered first screen when there is one. */
  const shellFor = (request: FastifyRequest) => {
    const page = prerenderedPageFor(request.url);
    if (!page) return shell;
    const mobileHint = request.headers['sec-ch-ua-mobile'];
    const { theme, layout } = firstScreenVariant({
      cookie: request.headers.cookie,
      'sec-ch-ua-mobile': typeof mobileHint === 'string' ? mobileHint : undefined,
      'user-agent': request.headers['user-agent'],
    });
    return prerendered.get(prerenderedFile(page, theme, layout)) ?? shell;
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

  return {
    sendShell(request, reply, csrfToken) {
      const meta = `<meta name="csrf-token" content="${csrfToken}" />`;
      const { encoding, body } = compressShell(
        shellFor(request).replace('</head>', () => `${meta}</head>`),
        request.headers['accept-encoding'],
      );
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .header('vary', 'accept-encoding, cookie, sec-ch-ua-mobile, user-agent')
        .type('text/html; charset=utf-8')
        .send(body);
    },
  };
}
