import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import type { GameServerResponder } from './a2s-responder';

export interface MinecraftResponderOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  name: string;
  players: number;
  maxPlayers: number;
  version?: string;
  /** Wait this long before each status answer (to simulate a slow server). */
  delayMs?: number;
}

/** The protocol number of Minecraft Java 1.21.4, sent back in the status answer. */
const PROTOCOL_VERSION = 769;

export function encodeVarInt(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value >>> 0;
  do {
    let next = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) next |= 0x80;
    bytes.push(next);
  } while (rest !== 0);
  return Buffer.from(bytes);
}

/** A VarInt at `offset`: its value and length, or null while the buffer ends inside it. */
export function decodeVarInt(buffer: Buffer, offset: number): [number, number] | null {
  let value = 0;
  for (let i = 0; i < 5; i += 1) {
    const at = buffer[offset + i];
    if (at === undefined) return null;
    value |= (at & 0x7f) << (7 * i);
    if ((at & 0x80) === 0) return [value, i + 1];
  }
  throw new Error('VarInt longer than 5 bytes');
}

export function framePacket(id: number, payload: Buffer): Buffer {
  const body = Buffer.concat([encodeVarInt(id), payload]);
  return Buffer.concat([encodeVarInt(body.length), body]);
}

/**
 * A Minecraft Java status responder over TCP: Handshake (next state 1), then Status Request
 * answered with the status JSON, then Ping answered with Pong and the connection closed.
 */
export class MinecraftStatusResponder implements GameServerResponder {
  name: string;
  players: number;
  maxPlayers: number;
  silent = false;
  answered = 0;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly options: MinecraftResponderOptions,
  ) {
    this.name = options.name;
    this.players = options.players;
    this.maxPlayers = options.maxPlayers;
  }

  static async start(options: MinecraftResponderOptions): Promise<MinecraftStatusResponder> {
    const server = createServer();
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
    await Promise.race([
      once(server, 'listening'),
      once(server, 'error').then(([error]) => Promise.reject(error as Error)),
    ]);
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP port');
    const responder = new MinecraftStatusResponder(server, address.port, options);
    server.on('connection', (socket) => responder.accept(socket));
    return responder;
  }

  statusJson() {
    return {
      version: { name: this.options.version ?? '1.21.4', protocol: PROTOCOL_VERSION },
      players: { max: this.maxPlayers, online: this.players, sample: [] },
      description: { text: this.name },
      enforcesSecureChat: false,
    };
  }

  private accept(socket: Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setTimeout(10_000, () => socket.destroy());
    let buffered = Buffer.alloc(0);
    let state: 'handshake' | 'status' = 'handshake';
    // Answers leave in the order their requests came, even when the status answer is delayed.
    let answers = Promise.resolve();
    const queue = (packet: Buffer, isStatus: boolean, thenEnd = false) => {
      answers = answers.then(() => this.reply(socket, packet, isStatus, thenEnd));
    };
    socket.on('data', (chunk: Buffer) => {
      if (this.silent) return;
      buffered = Buffer.concat([buffered, chunk]);
      try {
        for (;;) {
          const length = decodeVarInt(buffered, 0);
          if (!length) return;
          const [size, sizeBytes] = length;
          if (buffered.length < sizeBytes + size) return;
          const packet = buffered.subarray(sizeBytes, sizeBytes + size);
          buffered = buffered.subarray(sizeBytes + size);
          const id = decodeVarInt(packet, 0);
          if (!id) throw new Error('empty packet');
          const payload = packet.subarray(id[1]);
          if (state === 'handshake') {
            if (id[0] !== 0x00) throw new Error('expected a handshake');
            state = this.nextState(payload) === 1 ? 'status' : 'handshake';
            if (state !== 'status') throw new Error('only the status state is served');
          } else if (id[0] === 0x00) {
            queue(framePacket(0x00, this.statusPayload()), true);
          } else if (id[0] === 0x01) {
            queue(framePacket(0x01, payload.subarray(0, 8)), false, true);
            return;
          } else {
            throw new Error(`unexpected packet ${id[0]}`);
          }
        }
      } catch {
        socket.destroy();
      }
    });
  }

  /** The handshake's next state: protocol VarInt, address string, port, then the state VarInt. */
  private nextState(payload: Buffer): number {
    const protocol = decodeVarInt(payload, 0);
    if (!protocol) throw new Error('short handshake');
    const addressLength = decodeVarInt(payload, protocol[1]);
    if (!addressLength) throw new Error('short handshake');
    const stateAt = protocol[1] + addressLength[1] + addressLength[0] + 2;
    const state = decodeVarInt(payload, stateAt);
    if (!state) throw new Error('short handshake');
    return state[0];
  }

  private statusPayload(): Buffer {
    const json = Buffer.from(JSON.stringify(this.statusJson()), 'utf8');
    return Buffer.concat([encodeVarInt(json.length), json]);
  }

  private async reply(socket: Socket, packet: Buffer, isStatus: boolean, thenEnd: boolean) {
    if (isStatus && this.options.delayMs) {
      await new Promise((resolve) => setTimeout(resolve, this.options.delayMs));
    }
    if (this.silent || socket.destroyed) return;
    if (isStatus) this.answered += 1;
    if (thenEnd) socket.end(packet);
    else socket.write(packet);
  }

  async close() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
