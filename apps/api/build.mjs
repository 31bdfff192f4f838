// Bundles the API into dist/main.js. Packages from node_modules stay external; the shared
// workspace package (TypeScript source) is bundled in.
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

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node26',
  format: 'esm',
  // Stacks are mapped by src/lib/lazy-stack-map.ts, which needs positions, not the sources.
  sourcemap: true,
  sourcesContent: false,
  plugins: [externalNodeModules],
  logLevel: 'warning',
});
