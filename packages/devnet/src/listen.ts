import type { Server } from 'node:net';

/** Listens on the loopback port (0 picks a free one); a taken port rejects instead of throwing later. */
export function listen(server: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
