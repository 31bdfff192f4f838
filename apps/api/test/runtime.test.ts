import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Decision 025: `npm ci` installs the pinned Node.js and npm scripts (this suite among them) run
// on it, whatever Node.js the machine has.
const rootPackage = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
) as { engines: { node: string }; optionalDependencies: Record<string, string> };

describe('the runtime', () => {
  it('is the Node.js that package.json pins', () => {
    expect(process.version).toBe(`v${rootPackage.engines.node}`);
  });

  it('is the binary of the runtime package npm ci installed', () => {
    const runtimePackage = Object.keys(rootPackage.optionalDependencies).find((name) =>
      process.execPath.includes(`/node_modules/${name}/`),
    );
    expect(runtimePackage, process.execPath).toBeDefined();
    expect(rootPackage.optionalDependencies[runtimePackage!]).toBe(rootPackage.engines.node);
  });
});
