// Ports for the servers the project's scripts start (the e2e run, the benchmarks). A port asked
// of the system and closed again can be taken by another process before the server binds it; the
// servers that can report their own port bind 0 instead (decision 027). These remain for the
// built server, which is told its port.
import { createServer } from 'node:net';

/** A port the system has just given out and released. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * The first of `count` consecutive free ports, none of them in `taken`, so the demo game servers
 * get a range of their own.
 */
export async function freePortRange(count, taken = []) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    let free = !taken.some((port) => port >= base && port < base + count);
    for (let port = base; port < base + count && free; port += 1) free = await portIsFree(port);
    if (free) return base;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}
