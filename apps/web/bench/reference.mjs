// The stack's floor for bench:web (`--reference`): builds bench/reference (a bare page of the
// storefront's stack, see its main.tsx) with Vite and serves it brotli-compressed, as the
// storefront serves its assets, so that Lighthouse and the main-thread figures can measure what
// the stack alone costs on this machine beside what the storefront costs.
import http from 'node:http';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { freePort } from '../../../scripts/ports.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/** Builds the reference page and serves it on a free port; `close()` stops it and removes it. */
export async function startReference() {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'crimsonhost-reference-'));
  await build({
    root: path.join(here, 'reference'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    // One chunk of ~700 KB is the point here, not a warning.
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2_000 },
  });
  // Every file compressed once, at brotli's best, as the storefront's build does for its assets.
  const files = new Map(
    filesUnder(outDir).map((file) => {
      const body = readFileSync(file);
      const name = `/${path.relative(outDir, file).split(path.sep).join('/')}`;
      const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
      return [name, { type, body, brotli: zlib.brotliCompressSync(body) }];
    }),
  );
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://reference').pathname;
    const file = files.get(pathname) ?? files.get('/index.html');
    const brotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(200, {
      'content-type': file.type,
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000' : 'no-cache',
      ...(brotli && { 'content-encoding': 'br' }),
    });
    response.end(brotli ? file.brotli : file.body);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const scripts = [...files].filter(([name]) => name.endsWith('.js'));
  return {
    url: `http://127.0.0.1:${port}/servers`,
    /** Its JavaScript, brotli-compressed, in bytes. */
    jsBrotli: scripts.reduce((sum, [, file]) => sum + file.brotli.length, 0),
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
