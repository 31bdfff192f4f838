// `npm run check:engines`: every installed package's `engines.node` accepts the runtime npm
// scripts run on (decision 025). npm itself checks engines against the Node.js npm runs on, which
// on a machine with only Node 20 is not the one the code runs on, and it has no setting to name
// another; the lockfile records each package's `engines`, so the check is made here, on the pinned
// runtime, instead of by a second install. Exits 1 naming each package that refuses it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { root } from './build-state.mjs';

const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const refused = [];
let checked = 0;
for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  const range = entry.engines?.node;
  // Packages for another platform (optional runtimes, native builds) are listed but not installed.
  if (!where || !range || !existsSync(path.join(root, where))) continue;
  checked += 1;
  if (!semver.satisfies(process.version, range, { includePrerelease: true })) {
    refused.push(`${where.replace(/^.*node_modules\//, '')}@${entry.version} wants Node ${range}`);
  }
}
if (refused.length > 0) {
  console.error(`Packages that do not accept Node ${process.version}:`);
  for (const line of refused) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`${checked} installed packages name a Node.js range; all accept ${process.version}`);
