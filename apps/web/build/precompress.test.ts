import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

function builtAssets(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'crimsonhost-assets-'));
  mkdirSync(path.join(dir, 'nested'));
  const script = Array.from({ length: 300 }, (_, i) => `export const v${i} = ${i} * 2;`).join('\n');
  writeFileSync(path.join(dir, 'index-abc.js'), script);
  writeFileSync(path.join(dir, 'index-abc.css'), '.a { color: red; }\n'.repeat(200));
  writeFileSync(
    path.join(dir, 'nested', 'icon-abc.svg'),
    `<svg>${'<path d="M0 0h1"/>'.repeat(100)}</svg>`,
  );
  writeFileSync(path.join(dir, 'tiny-abc.js'), 'x()');
  writeFileSync(path.join(dir, 'photo-abc.png'), Buffer.alloc(5000, 1));
  return dir;
}

describe('precompressDirectory', () => {
  it('writes a brotli and a gzip copy beside each text asset, each decoding to the original', async () => {
    const dir = builtAssets();
    const written = await precompressDirectory(dir);

    for (const name of ['index-abc.js', 'index-abc.css', 'nested/icon-abc.svg']) {
      const original = readFileSync(path.join(dir, name));
      const br = readFileSync(path.join(dir, `${name}.br`));
      const gz = readFileSync(path.join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(gz.length);
      expect(gz.length).toBeLessThan(original.length / 3);
    }
    expect(written.map((entry) => entry.file).sort()).toEqual([
      'index-abc.css',
      'index-abc.js',
      'nested/icon-abc.svg',
    ]);
  });

  it('leaves binary files and files compression would not shrink alone', async () => {
    const dir = builtAssets();
    await precompressDirectory(dir);
    for (const name of ['photo-abc.png', 'tiny-abc.js']) {
      expect(existsSync(path.join(dir, `${name}.br`))).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`))).toBe(false);
    }
  });

  it('does not compress its own output again when run twice', async () => {
    const dir = builtAssets();
    await precompressDirectory(dir);
    await precompressDirectory(dir);
    expect(existsSync(path.join(dir, 'index-abc.js.br.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'index-abc.js.gz.gz'))).toBe(false);
  });
});
