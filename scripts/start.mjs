// `npm start`: builds the storefront when its sources changed, then runs it on one port.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { isBuildCurrent, markBuilt, root } from './build-state.mjs';
import { serverEnvironment } from './server-env.mjs';

if (!isBuildCurrent()) {
  console.log('Building the storefront (web app and API)...');
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(build.status ?? 1);
  }
  markBuilt();
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnvironment({ NODE_ENV: 'production', ...process.env }),
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
