import { randomInt } from 'node:crypto';
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { once } from 'node:events';

/**
 * A game server as the status job sees it, answering on loopback: used by the tests and by the
 * demo, whose listings point at these. Player counts can be changed while it runs, and `silent`
 * makes it stop answering without closing its port (as a hung server does).
 */
export interface GameServerResponder {
  readonly port: number;
  name: string;
  players: number;
  maxPlayers: number;
  silent: boolean;
  /** Status answers sent so far. */
  readonly answered: number;
  close(): Promise<void>;
}

export interface A2sResponderOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  name: string;
  map?: string;
  /** The game's folder and description as Source servers send them. */
  folder?: string;
  game?: string;
  /** Steam app id: 730 CS:GO, 252490 Rust, 892970 Valheim, 346110 ARK. */
  appId?: number;
  players: number;
  maxPlayers: number;
  /** Wait this long before each status answer (to simulate a slow server). */
  delayMs?: number;
}

const HEADER = Buffer.from([0xff, 0xff, 0xff, 0xff]);
const A2S_INFO = 0x54;
const S2C_CHALLENGE = 0x41;
const S2A_INFO = 0x49;
const INFO_PAYLOAD = 'Source Engine Query\0';
const RUST_APP_ID = 252490;

function cString(text: string) {
  return Buffer.from(`${text}\0`, 'utf8');
}

function byte(value: number) {
  return Buffer.from([Math.max(0, Math.min(255, value))]);
}

function uint16(value: number) {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(value & 0xffff);
  return b;
}

/**
 * A Valve A2S_INFO responder over UDP, as current Source servers behave: a request without the
 * right challenge gets an S2C_CHALLENGE, and the request repeated with that challenge appended
 * gets the S2A_INFO answer.
 */
export class A2sResponder implements GameServerResponder {
  name: string;
  players: number;
  maxPlayers: number;
  silent = false;
  answered = 0;
  /** The challenge handed to each client address. */
  private readonly challenges = new Map<string, number>();

  private constructor(
    private readonly socket: Socket,
    readonly port: number,
    private readonly options: A2sResponderOptions,
  ) {
    this.name = options.name;
    this.players = options.players;
    this.maxPlayers = options.maxPlayers;
    socket.on('message', (message, peer) => this.onMessage(message, peer));
  }

  static async start(options: A2sResponderOptions): Promise<A2sResponder> {
    const socket = createSocket('udp4');
    socket.bind(options.port ?? 0, options.host ?? '127.0.0.1');
    await Promise.race([
      once(socket, 'listening'),
      once(socket, 'error').then(([error]) => Promise.reject(error as Error)),
    ]);
    socket.on('error', () => undefined);
    return new A2sResponder(socket, socket.address().port, options);
  }

  private onMessage(message: Buffer, peer: RemoteInfo) {
    if (this.silent || message.length < 5 || message.readInt32LE(0) !== -1) return;
    if (message[4] !== A2S_INFO) return;
    const payloadEnd = 5 + INFO_PAYLOAD.length;
    if (message.toString('binary', 5, payloadEnd) !== INFO_PAYLOAD) return;
    const client = `${peer.address}:${peer.port}`;
    const expected = this.challenges.get(client);
    const given = message.length >= payloadEnd + 4 ? message.readInt32LE(payloadEnd) : undefined;
    if (expected === undefined || given !== expected) {
      const challenge = randomInt(1, 0x7fffffff);
      this.challenges.set(client, challenge);
      const reply = Buffer.alloc(9);
      HEADER.copy(reply);
      reply.writeUInt8(S2C_CHALLENGE, 4);
      reply.writeInt32LE(challenge, 5);
      this.send(reply, peer);
      return;
    }
    this.challenges.delete(client);
    const answer = this.infoPacket();
    const reply = () => {
      if (this.silent) return;
      this.answered += 1;
      this.send(answer, peer);
    };
    if (this.options.delayMs) setTimeout(reply, this.options.delayMs);
    else reply();
  }

  private infoPacket(): Buffer {
    const appId = this.options.appId ?? 730;
    const tags = appId === RUST_APP_ID ? `mp${this.maxPlayers},cp${this.players}` : 'secure';
    const gameId = Buffer.alloc(8);
    gameId.writeBigUInt64LE(BigInt(appId));
    return Buffer.concat([
      HEADER,
      byte(S2A_INFO),
      byte(17), // protocol version
      cString(this.name),
      cString(this.options.map ?? 'de_dust2'),
      cString(this.options.folder ?? 'csgo'),
      cString(this.options.game ?? 'Counter-Strike: Global Offensive'),
      uint16(appId > 0xffff ? 0 : appId),
      byte(this.players),
      byte(this.maxPlayers),
      byte(0), // bots
      byte('d'.charCodeAt(0)), // dedicated
      byte('l'.charCodeAt(0)), // linux
      byte(0), // no password
      byte(1), // VAC secured
      cString('1.0.0.0'),
      // Extra data: game port (0x80), keywords (0x20), 64-bit game id (0x01).
      byte(0x80 | 0x20 | 0x01),
      uint16(this.port),
      cString(tags),
      gameId,
    ]);
  }

  private send(packet: Buffer, peer: RemoteInfo) {
    this.socket.send(packet, peer.port, peer.address);
  }

  async close() {
    await new Promise<void>((resolve) => this.socket.close(() => resolve()));
  }
}
