// Byte budgets of a first visit, read from the build the e2e run has just made: bytes do not vary
// from run to run, so a later feature cannot silently grow what a phone downloads first.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  APP_START_MODULE,
  FIRST_VISIT_JS_BUDGET_BYTES,
  FIRST_VISIT_PAGES,
  LOADED_ONLY_WHEN_USED,
  firstVisitBytes,
  kilobytes,
  readManifest,
  webDistDir,
} from '../bench/first-visit.mjs';

const manifest = readManifest();

describe('a first visit', () => {
  for (const { page, module, heldAtBytes } of FIRST_VISIT_PAGES) {
    it(`to ${page} downloads at most ${kilobytes(heldAtBytes)} of JavaScript (brotli)`, () => {
      const { js } = firstVisitBytes(manifest, module);
      assert.ok(
        js.brotli <= heldAtBytes,
        `${page}: ${kilobytes(js.brotli)} of JavaScript with brotli (${kilobytes(js.gzip)} gzip, ` +
          `${kilobytes(js.raw)} raw), held at ${kilobytes(heldAtBytes)}; the budget is ` +
          kilobytes(FIRST_VISIT_JS_BUDGET_BYTES),
      );
    });

    it(`to ${page} loads no chunk of a later step`, () => {
      const names = firstVisitBytes(manifest, module).keys.map((key) => manifest[key].name);
      for (const later of LOADED_ONLY_WHEN_USED) {
        assert.ok(!names.includes(later), `${page} loads the ${later} chunk on its first visit`);
      }
    });

    it(`to ${page} is served precompressed`, () => {
      // A file too small to shrink (a few hundred bytes) is sent as it is.
      for (const { file } of firstVisitBytes(manifest, module).scripts.filter(
        (s) => s.raw > 1000,
      )) {
        for (const suffix of ['.br', '.gz']) {
          assert.ok(
            existsSync(path.join(webDistDir, file + suffix)),
            `${file}${suffix} is missing`,
          );
        }
      }
    });
  }
});

describe("the app's preloaded modules (decision 066)", () => {
  it('are listed each after the modules it imports, the app last', () => {
    // The entry evaluates them in this order, one task each: a module listed before one it imports
    // would evaluate that one in its own task, and the steps would no longer be one chunk each.
    const html = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
    const listed = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map(
      (match) => match[1],
    );
    const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
    assert.equal(listed.at(-1), manifest[APP_START_MODULE].file);
    // The entry (the page's module script) has run before the steps begin.
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry).file;
    assert.ok(html.includes(`<script type="module" crossorigin src="/${entry}">`));
    listed.unshift(entry);
    listed.forEach((file, position) => {
      for (const imported of manifest[keyOf.get(file)].imports ?? []) {
        const importedAt = listed.indexOf(manifest[imported].file);
        assert.ok(
          importedAt !== -1 && importedAt < position,
          `${file} is preloaded before ${manifest[imported].file}, which it imports`,
        );
      }
    });
  });
});
