import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { mapStacksLazily } from '../src/lib/lazy-stack-map';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Bundles a small TypeScript program with its map, as the API's build bundles `src/main.ts`, and
 * runs it in its own process (Vitest would transform the bundle if it were imported here). The
 * program installs the mapper first, then runs `body` and prints the stack of what it threw.
 */
async function runBundled(body: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'crimsonhost-stack-map-'));
  dirs.push(dir);
  const source = path.join(dir, 'src');
  mkdirSync(source);
  writeFileSync(
    path.join(source, 'refuse.ts'),
    [
      'export function refuse(amount: number): never {',
      '  const doubled: number = amount * 2;',
      '  throw new Error(`refused ${doubled}`);',
      '}',
      '',
    ].join('\n'),
  );
  const mapper = path.resolve(import.meta.dirname, '../src/lib/lazy-stack-map.ts');
  writeFileSync(
    path.join(source, 'main.ts'),
    [
      `import { writeFileSync } from 'node:fs';`,
      `import { mapStacksLazily } from ${JSON.stringify(mapper)};`,
      `import { refuse } from './refuse';`,
      `mapStacksLazily(import.meta.url);`,
      `try {`,
      `  ${body}`,
      `} catch (error) {`,
      `  process.stdout.write(String((error as Error).stack));`,
      `}`,
      '',
    ].join('\n'),
  );
  const outfile = path.join(dir, 'dist', 'main.js');
  await build({
    entryPoints: [path.join(source, 'main.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    external: ['node:*'],
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'silent',
  });
  return { source, stack: execFileSync(process.execPath, [outfile], { encoding: 'utf8' }) };
}

describe('stacks of the built API', () => {
  it('name the TypeScript file, line and column of each frame in the bundle', async () => {
    const { source, stack } = await runBundled('refuse(21);');
    expect(stack.split('\n')[0]).toBe('Error: refused 42');
    expect(stack).toContain(`at refuse (${path.join(source, 'refuse.ts')}:3:9)`);
    expect(stack).toContain(`${path.join(source, 'main.ts')}:6:3`);
    expect(stack).not.toContain('dist/main.js');
    // Frames outside the bundle (Node's own) are left as V8 wrote them.
    expect(stack).toMatch(/\(node:internal\/[^)]+:\d+:\d+\)/);
  });

  it('read the map at the first stack, not at start, and fall back to the bundle when it is broken', async () => {
    const { stack } = await runBundled(
      `writeFileSync(new URL(import.meta.url + '.map'), 'not a source map'); refuse(21);`,
    );
    expect(stack.split('\n')[0]).toBe('Error: refused 42');
    expect(stack).toMatch(/at refuse \(.*dist\/main\.js:\d+:\d+\)/);
  });

  it('are left alone where the code runs from source (no map beside it)', () => {
    const formatter = (): unknown =>
      Object.getOwnPropertyDescriptor(Error, 'prepareStackTrace')?.value;
    const before: unknown = formatter();
    expect(
      mapStacksLazily(pathToFileURL(path.join(tmpdir(), 'no-such-bundle.js')).href),
    ).toBeNull();
    expect(formatter()).toBe(before);
  });
});
