// `npm run bench:api`: the API's benchmarks of issue 13 in one run, each printing its figures
// beside its goal (`npm run bench:money` is the money path's, point 7, and runs on its own: it
// fills its own database and takes minutes). PostgreSQL at --server-url (as in CI) for the parts
// that need one; builds the storefront first when the start benchmark has nothing to start.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { apiRoot } from '../src/lib/package-paths';

const { values: args } = parseArgs({
  options: {
    'server-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const serverUrl = args['server-url'];
const databaseUrl = (name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

function run(title: string, file: string, ...rest: string[]) {
  console.log(`\n== ${title}\n`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join('bench', file), ...rest],
    {
      cwd: apiRoot,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error(`${file} failed with ${result.status}`);
}

run(
  'Point 1: the catalog, cache off, 100,000 listings on PostgreSQL (list mixes, search, detail)',
  'catalog.bench.ts',
  '--skip-scaling',
  '--server-url',
  serverUrl,
);
run(
  'Point 1: the same on the embedded database with the demo catalog',
  'catalog.bench.ts',
  '--skip-scaling',
  '--embedded',
);
run('Point 3: a wallet of 0 to 500,000 transactions on PGlite', 'transactions.bench.ts');
run(
  'Point 3: the same on PostgreSQL',
  'transactions.bench.ts',
  '--driver',
  'postgres',
  '--server-url',
  serverUrl,
);
run('Point 5: request logging', 'access-log.bench.ts');

if (!existsSync(path.join(apiRoot, 'dist/main.js'))) {
  console.log('\nBuilding the storefront for the start benchmark...');
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: path.resolve(apiRoot, '..', '..'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the build failed');
}
run('Point 6: start and idle memory on PGlite', 'start.bench.ts');
const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
await admin.connect();
await admin.query('drop database if exists crimsonhost_bench_start with (force)');
await admin.query('create database crimsonhost_bench_start');
await admin.end();
run(
  'Point 6: the same on PostgreSQL',
  'start.bench.ts',
  '--database-url',
  databaseUrl('crimsonhost_bench_start'),
);
console.log(
  '\nPoints 2 and 4 are correctness (tests), point 7 is `npm run bench:money`; see docs/benchmarks.md.',
);
