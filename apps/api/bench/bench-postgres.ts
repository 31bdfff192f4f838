// What both benchmarks need around PostgreSQL and the API process they start.
import { createServer } from 'node:net';
import pg from 'pg';

/** Database URLs and an admin connection on the server at `serverUrl` (--server-url). */
export function postgresServer(serverUrl: string) {
  function databaseUrl(name: string) {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }
  async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: databaseUrl('postgres') });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }
  return { databaseUrl, admin };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}
