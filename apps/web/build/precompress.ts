// Build step: a brotli and a gzip copy beside every text asset, so the server sends each hashed
// file compressed at the highest level without spending CPU on it per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;

export interface PrecompressedFile {
  /** Path relative to the directory. */
  file: string;
  raw: number;
  brotli: number;
  gzip: number;
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside each text file under `dir`,
 * skipping a copy that would not be smaller than the original (the server then sends the original).
 */
export async function precompressDirectory(dir: string): Promise<PrecompressedFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const results = await Promise.all(
    files.map(async (filePath) => {
      const original = await readFile(filePath);
      const [br, gz] = await Promise.all([
        brotli(original, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
          },
        }),
        gzipAsync(original, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const writes: Promise<void>[] = [];
      if (br.length < original.length) writes.push(writeFile(`${filePath}.br`, br));
      if (gz.length < original.length) writes.push(writeFile(`${filePath}.gz`, gz));
      await Promise.all(writes);
      if (writes.length === 0) return null;
      return {
        file: path.relative(dir, filePath).split(path.sep).join('/'),
        raw: original.length,
        brotli: br.length,
        gzip: gz.length,
      };
    }),
  );
  return results.filter((result): result is PrecompressedFile => result !== null);
}

/** Vite plugin: precompresses the hashed assets once the bundle is written. */
export function precompressAssets(): Plugin {
  return {
    name: 'crimsonhost:precompress-assets',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options) {
      if (!options.dir) return;
      const assetsDir = path.join(options.dir, 'assets');
      const written = await precompressDirectory(assetsDir);
      const total = (field: 'raw' | 'brotli' | 'gzip') =>
        written.reduce((sum, entry) => sum + entry[field], 0);
      this.info(
        `precompressed ${written.length} assets: ${total('raw')} bytes, ` +
          `${total('gzip')} with gzip, ${total('brotli')} with brotli`,
      );
    },
  };
}
