// `npm run check:runtime`: proves that npm scripts run on the Node.js the project pins (decision
// 025) and that the two places naming it agree: `engines.node` in package.json and the runtime
// packages in `optionalDependencies`. Exits 1 with one line per disagreement.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './build-state.mjs';

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const pinned = pkg.engines?.node;
const problems = [];

if (!/^\d+\.\d+\.\d+$/.test(pinned ?? '')) {
  problems.push(`engines.node in package.json is "${pinned}", not one exact version`);
}
if (process.version !== `v${pinned}`) {
  problems.push(
    `npm scripts run on Node ${process.version} (${process.execPath}), not the pinned v${pinned}: run npm ci`,
  );
}
const runtimes = Object.entries(pkg.optionalDependencies ?? {}).filter(([name]) =>
  /^node-(bin-)?(linux|darwin|win)-/.test(name),
);
if (runtimes.length === 0) problems.push('no runtime package in optionalDependencies');
for (const [name, version] of runtimes) {
  if (version !== pinned)
    problems.push(`optionalDependencies.${name} is ${version}, not ${pinned}`);
}
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(`npm scripts run on Node ${process.version}, the pinned runtime (${process.execPath})`);
