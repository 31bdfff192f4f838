import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface WebApp {
  /**
   * Answers the single-page app's shell for a browser route, carrying a fresh CSRF token,
   * compressed as the browser accepts.
   */
  sendShell(request: FastifyRequest, reply: FastifyReply, csrfToken: string): FastifyReply;
}

const shellEncodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

/**
 * The shell is answered by the not-found handler, which the compression plugin does not see (it
 * hooks routes only), and it differs on every request by its token: compress it here, at a
 * quality that costs microseconds on its 2 KB.
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
        shell.replace('</head>', `${meta}</head>`),
        request.headers['accept-encoding'],
      );
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(body);
    },
  };
}
