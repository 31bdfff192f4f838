// Bundles the API into dist/main.js. Packages from node_modules stay external; the shared
// workspace package (TypeScript source) is bundled in. Then writes the migrated embedded database
// beside it, which a fresh data folder starts from (decision 065).
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

/** @type {import('esbuild').Plugin} */
const externalNodeModules = {
  name: 'external-node-modules',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@crimsonhost/') ? undefined : { path: args.path, external: true },
    );
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node26',
  format: 'esm',
  // Stacks are mapped by src/lib/lazy-stack-map.ts, which needs positions, not the sources.
  sourcemap: true,
  sourcesContent: false,
  plugins: [externalNodeModules],
  logLevel: 'warning',
};

await build({ ...common, entryPoints: ['src/main.ts'], outfile: 'dist/main.js' });
await build({
  ...common,
  entryPoints: ['src/db/migrated-snapshot-cli.ts'],
  outfile: 'dist/migrated-snapshot-cli.js',
});
const snapshot = spawnSync(process.execPath, ['dist/migrated-snapshot-cli.js'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (snapshot.status !== 0) process.exit(snapshot.status ?? 1);
