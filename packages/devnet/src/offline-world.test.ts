import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { startOfflineWorld, type OfflineWorld } from './offline-world';

const dataDir = mkdtempSync(path.join(tmpdir(), 'offline-world-'));
const worlds: OfflineWorld[] = [];
afterAll(async () => {
  await Promise.all(worlds.map((world) => world.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

function tcpAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A2S_INFO without a challenge: a Source server answers with S2C_CHALLENGE (0x41). */
async function a2sChallenge(port: number): Promise<number> {
  const socket = createSocket('udp4');
  const query = Buffer.concat([
    Buffer.from([0xff, 0xff, 0xff, 0xff, 0x54]),
    Buffer.from('Source Engine Query\0'),
  ]);
  socket.send(query, port, '127.0.0.1');
  const [message] = (await once(socket, 'message')) as [Buffer];
  socket.close();
  return message[4]!;
}

describe('startOfflineWorld', () => {
  it('starts every part on a free port, says where each listens, and stops them all', async () => {
    const world = await startOfflineWorld({
      chains: { port: 0, tronPort: 0, dataDir },
      panel: { port: 0, servers: [{ identifier: 'abcd1234', apiKey: 'ptlc_world' }] },
      gameServers: [
        { protocol: 'a2s', port: 0, name: 'Source', players: 3, maxPlayers: 10 },
        { protocol: 'minecraft', port: 0, name: 'Block', players: 1, maxPlayers: 20 },
      ],
      discord: { clientId: 'client', clientSecret: 'secret' },
      mail: {},
    });
    worlds.push(world);

    // Each part answers its own protocol where the world says it listens.
    const chainId = await fetch(world.chains!.chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    }).then((response) => response.json() as Promise<{ result: string }>);
    expect(Number(chainId.result)).toBe(31337);
    expect(world.chains!.tokens.ERC20).toMatch(/^0x[0-9a-fA-F]{40}$/);

    const block = await fetch(`${world.chains!.tron!.url}/wallet/getnowblock`, { method: 'POST' });
    expect(block.status).toBe(200);
    expect(world.chains!.tokens.TRC20).toBe(world.chains!.tron!.usdt);

    const resources = await fetch(`${world.panel!.url}/api/client/servers/abcd1234/resources`, {
      headers: { authorization: 'Bearer ptlc_world', accept: 'application/json' },
    });
    expect(resources.status).toBe(200);

    const [source, block2] = world.gameServers!.responders;
    expect(await a2sChallenge(source!.port)).toBe(0x41);
    expect(await tcpAnswers(block2!.port)).toBe(true);

    const me = await fetch(`${world.discord!.apiUrl}/users/@me`);
    expect(me.status).toBe(401);

    await createTransport({ url: world.mail!.url } as never).sendMail({
      from: 'shop@example.com',
      to: 'player@example.com',
      subject: 'Hello',
      text: 'from the offline world',
    });
    expect((await world.mail!.nextMailTo('player@example.com')).subject).toBe('Hello');

    const rpcUrl = world.chains!.chain.rpcUrl;
    const panelPort = Number(new URL(world.panel!.url).port);
    await world.stop();
    expect(await tcpAnswers(Number(new URL(rpcUrl).port))).toBe(false);
    expect(await tcpAnswers(panelPort)).toBe(false);
    expect(await tcpAnswers(block2!.port)).toBe(false);
  });

  it('starts only the parts asked for', async () => {
    const world = await startOfflineWorld({ discord: { clientId: 'c', clientSecret: 's' } });
    worlds.push(world);
    expect(world.discord).not.toBeNull();
    expect([world.chains, world.panel, world.gameServers, world.mail]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('stops what it started when a later part cannot listen', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const taken = (holder.address() as { port: number }).port;
    const started: string[] = [];
    const log = {
      info: (details: object) => {
        if ('url' in details) started.push(String(details.url));
      },
      warn: () => {},
    };
    await expect(
      startOfflineWorld({
        log,
        panel: { port: 0, servers: [] },
        discord: { port: taken, clientId: 'c', clientSecret: 's' },
      }),
    ).rejects.toThrow(/EADDRINUSE/);
    expect(started).toHaveLength(1);
    expect(await tcpAnswers(Number(new URL(started[0]!).port))).toBe(false);
    await new Promise((resolve) => holder.close(resolve));
  });
});
