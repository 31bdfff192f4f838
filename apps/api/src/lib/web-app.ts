import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface WebApp {
  /** Answers the single-page app's shell for a browser route, carrying a fresh CSRF token. */
  sendShell(reply: FastifyReply, csrfToken: string): FastifyReply;
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and the
 * HTML shell for any browser route the API does not own. Returns null when the app has not been
 * built (API-only runs and tests).
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
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  });

  return {
    sendShell(reply, csrfToken) {
      const meta = `<meta name="csrf-token" content="${csrfToken}" />`;
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(shell.replace('</head>', `${meta}</head>`));
    },
  };
}
