import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startDemoChain } from '@crimsonhost/devnet/demo-chain';
import { startLocalChain } from '@crimsonhost/devnet/local-chain';
import { apiRoot } from '../../src/lib/package-paths';

const log = pino({ level: 'silent' });
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'crimsonhost-chain-'));
  dirs.push(dir);
  return dir;
};

/** Whether something accepts connections on the loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('the demo chain as a child process', () => {
  it('dies with the process that started it, even one killed with SIGKILL', async () => {
    const owner = spawn(process.execPath, ['--import', 'tsx', 'test/chains/chain-owner.ts'], {
      cwd: apiRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // The owner's anvil binds a port the system picks, and the owner prints it once it answers.
    const port = await new Promise<number>((resolve) =>
      owner.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    expect(await listening(port)).toBe(true);

    owner.kill('SIGKILL');
    while (await listening(port)) await new Promise((resolve) => setTimeout(resolve, 100));
  }, 60_000);

  it('stops with one line when its port answers as some other chain', async () => {
    const stranger = await startLocalChain({ port: 0, chainId: 1 });
    const port = Number(new URL(stranger.rpcUrl).port);
    try {
      await expect(startDemoChain(log, { port, tronPort: 0, dataDir: dataDir() })).rejects.toThrow(
        `Port ${port} (DEMO_CHAIN_PORT) is taken by something that is not the demo chain (chain id 1); stop it or set DEMO_CHAIN_PORT to a free port`,
      );
    } finally {
      await stranger.stop();
    }
  }, 60_000);

  it('stops with one line when its port answers something that is no chain at all', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((_, response) => response.end('hello'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      await expect(startDemoChain(log, { port, tronPort: 0, dataDir: dataDir() })).rejects.toThrow(
        `Port ${port} (DEMO_CHAIN_PORT) is taken by something that is not the demo chain (no JSON-RPC answer); stop it or set DEMO_CHAIN_PORT to a free port`,
      );
    } finally {
      server.close();
    }
  }, 60_000);

  it('stops with one line when its port answers another demo chain, rather than share it', async () => {
    // Port 0: anvil and the TRON node bind ports the system picks and report them.
    const first = await startDemoChain(log, { port: 0, tronPort: 0, dataDir: dataDir() });
    const port = Number(new URL(first.chain.rpcUrl).port);
    try {
      await expect(startDemoChain(log, { port, tronPort: 0, dataDir: dataDir() })).rejects.toThrow(
        `Port ${port} (DEMO_CHAIN_PORT) is taken by a demo chain this server did not start; stop that process or set DEMO_CHAIN_PORT to a free port`,
      );
    } finally {
      await first.stop();
    }
  }, 60_000);
});
