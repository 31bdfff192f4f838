import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { A2sResponder } from '@crimsonhost/devnet/a2s-responder';
import { GameQueryClient } from '../../src/modules/catalog/game-query.client';
import {
  MinecraftStatusResponder,
  decodeVarInt,
  encodeVarInt,
  framePacket,
} from '@crimsonhost/devnet/minecraft-status-responder';

const closing: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(closing.map((c) => c.close())));

const client = new GameQueryClient({ timeoutMs: 500, attempts: 1 });

/** Sends one UDP packet and waits for one answer. */
async function udpExchange(port: number, packet: Buffer): Promise<Buffer> {
  const socket = createSocket('udp4');
  try {
    socket.send(packet, port, '127.0.0.1');
    const [message] = (await once(socket, 'message')) as [Buffer];
    return message;
  } finally {
    socket.close();
  }
}

describe('the A2S_INFO responder', () => {
  it('asks for a challenge first, then answers the request that carries it', async () => {
    const responder = await A2sResponder.start({ name: 'Raw A2S', players: 5, maxPlayers: 24 });
    closing.push(responder);
    const socket = createSocket('udp4');
    closing.push({ close: async () => void socket.close() });
    const request = Buffer.concat([
      Buffer.from([0xff, 0xff, 0xff, 0xff, 0x54]),
      Buffer.from('Source Engine Query\0', 'binary'),
    ]);
    socket.send(request, responder.port, '127.0.0.1');
    const [challenge] = (await once(socket, 'message')) as [Buffer];
    expect(challenge.readInt32LE(0)).toBe(-1);
    expect(challenge[4]).toBe(0x41);
    expect(responder.answered).toBe(0);

    socket.send(Buffer.concat([request, challenge.subarray(5, 9)]), responder.port, '127.0.0.1');
    const [info] = (await once(socket, 'message')) as [Buffer];
    expect(info[4]).toBe(0x49);
    expect(info.toString('utf8', 6, 6 + 'Raw A2S'.length)).toBe('Raw A2S');
    expect(responder.answered).toBe(1);
  });

  it('answers a wrong challenge with a new challenge', async () => {
    const responder = await A2sResponder.start({ name: 'Strict', players: 0, maxPlayers: 8 });
    closing.push(responder);
    const request = Buffer.concat([
      Buffer.from([0xff, 0xff, 0xff, 0xff, 0x54]),
      Buffer.from('Source Engine Query\0', 'binary'),
      Buffer.from([1, 2, 3, 4]),
    ]);
    const answer = await udpExchange(responder.port, request);
    expect(answer[4]).toBe(0x41);
  });

  it('is read by gamedig, including players changed while it runs', async () => {
    const responder = await A2sResponder.start({
      name: 'CS Test',
      players: 7,
      maxPlayers: 16,
    });
    closing.push(responder);
    const target = { protocol: 'valve' as const, host: '127.0.0.1', port: responder.port };
    expect(await client.query(target)).toEqual({ name: 'CS Test', players: 7, maxPlayers: 16 });
    responder.players = 12;
    expect((await client.query(target)).players).toBe(12);
  });

  it('carries Rust counts above 255 in its keywords, as Rust servers do', async () => {
    const responder = await A2sResponder.start({
      name: 'Big Rust',
      appId: 252490,
      folder: 'rust',
      game: 'Rust',
      players: 287,
      maxPlayers: 300,
    });
    closing.push(responder);
    const answer = await client.query({
      protocol: 'valve',
      host: '127.0.0.1',
      port: responder.port,
    });
    expect(answer).toMatchObject({ players: 287, maxPlayers: 300 });
  });

  it('stops answering while silent', async () => {
    const responder = await A2sResponder.start({ name: 'Hung', players: 1, maxPlayers: 8 });
    closing.push(responder);
    responder.silent = true;
    await expect(
      client.query({ protocol: 'valve', host: '127.0.0.1', port: responder.port }),
    ).rejects.toThrow();
  });
});

describe('the Minecraft status responder', () => {
  it('answers handshake + status request with the status JSON, and ping with the same pong', async () => {
    const responder = await MinecraftStatusResponder.start({
      name: 'Raw SMP',
      players: 3,
      maxPlayers: 20,
    });
    closing.push(responder);
    const socket = connect(responder.port, '127.0.0.1');
    await once(socket, 'connect');
    const address = Buffer.from('127.0.0.1');
    const port = Buffer.alloc(2);
    port.writeUInt16BE(responder.port);
    const handshake = framePacket(
      0x00,
      Buffer.concat([
        encodeVarInt(769),
        encodeVarInt(address.length),
        address,
        port,
        encodeVarInt(1),
      ]),
    );
    // Split across writes: the responder must put the stream back together.
    socket.write(handshake.subarray(0, 3));
    await new Promise((resolve) => setTimeout(resolve, 20));
    socket.write(Buffer.concat([handshake.subarray(3), framePacket(0x00, Buffer.alloc(0))]));

    let received = Buffer.alloc(0);
    const readPacket = async (): Promise<[number, Buffer]> => {
      for (;;) {
        const length = decodeVarInt(received, 0);
        if (length && received.length >= length[0] + length[1]) {
          const packet = received.subarray(length[1], length[1] + length[0]);
          received = received.subarray(length[1] + length[0]);
          const id = decodeVarInt(packet, 0)!;
          return [id[0], packet.subarray(id[1])];
        }
        const [chunk] = (await once(socket, 'data')) as [Buffer];
        received = Buffer.concat([received, chunk]);
      }
    };

    const [statusId, statusPayload] = await readPacket();
    expect(statusId).toBe(0x00);
    const jsonLength = decodeVarInt(statusPayload, 0)!;
    const status = JSON.parse(
      statusPayload.subarray(jsonLength[1], jsonLength[1] + jsonLength[0]).toString('utf8'),
    ) as { players: { online: number; max: number }; description: { text: string } };
    expect(status.players).toMatchObject({ online: 3, max: 20 });
    expect(status.description.text).toBe('Raw SMP');

    const payload = Buffer.from('0123456789abcdef', 'hex');
    socket.write(framePacket(0x01, payload));
    const [pongId, pong] = await readPacket();
    expect(pongId).toBe(0x01);
    expect(pong.equals(payload)).toBe(true);
    await once(socket, 'end');
    socket.destroy();
  });

  it('is read by gamedig through the server list ping', async () => {
    const responder = await MinecraftStatusResponder.start({
      name: 'Gamedig SMP',
      players: 11,
      maxPlayers: 40,
    });
    closing.push(responder);
    const target = {
      protocol: 'minecraftvanilla' as const,
      host: '127.0.0.1',
      port: responder.port,
    };
    expect(await client.query(target)).toEqual({
      name: 'Gamedig SMP',
      players: 11,
      maxPlayers: 40,
    });
    responder.players = 0;
    expect((await client.query(target)).players).toBe(0);
  });
});
