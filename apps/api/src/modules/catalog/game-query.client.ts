import { GameDig } from 'gamedig';

/** The gamedig protocols the catalog's games speak (see the games table). */
export type QueryProtocol = 'valve' | 'minecraftvanilla';

export interface GameQueryTarget {
  protocol: QueryProtocol;
  host: string;
  /**
   * The IP address to send the query to, already resolved and checked (decision 040); gamedig
   * then does not look the host up again. Unset: gamedig resolves the host itself.
   */
  address?: string;
  port: number;
}

export interface GameAnswer {
  name: string;
  players: number;
  maxPlayers: number;
}

export interface GameQueryOptions {
  /** How long one packet may wait for its answer. */
  timeoutMs: number;
  /** Attempts before the query fails. */
  attempts: number;
}

/** The plain text of a Minecraft chat component (the status' description), or of a string. */
function chatText(component: unknown): string {
  if (typeof component === 'string') return component;
  if (!component || typeof component !== 'object') return '';
  const { text, extra } = component as { text?: unknown; extra?: unknown };
  const parts = Array.isArray(extra) ? extra.map(chatText) : [];
  return [typeof text === 'string' ? text : '', ...parts].join('');
}

/**
 * Asks a game server for its status with gamedig: Valve A2S_INFO (with its challenge) for the
 * Source-engine games, the Minecraft server list ping for minecraft. gamedig's 'minecraft' game id
 * also tries GameSpy and Bedrock over UDP and waits for both to time out even when the list ping
 * answered, so the status job names the list ping protocol itself.
 */
export class GameQueryClient {
  private readonly gamedig = new GameDig();

  constructor(private readonly options: GameQueryOptions) {}

  async query(target: GameQueryTarget): Promise<GameAnswer> {
    const result = await this.gamedig.query({
      type: `protocol-${target.protocol}`,
      host: target.host,
      // gamedig resolves the host unless the options have an `address` key at all.
      ...(target.address === undefined ? {} : { address: target.address }),
      port: target.port,
      givenPortOnly: true,
      portCache: false,
      maxRetries: this.options.attempts,
      socketTimeout: this.options.timeoutMs,
      // A2S takes two round trips when the server asks for a challenge first.
      attemptTimeout: this.attemptMs,
      requestPlayers: false,
      requestRules: false,
    });
    return {
      name: result.name || chatText(result.raw.description),
      players: Math.max(0, Math.trunc(result.numplayers)),
      maxPlayers: Math.max(0, Math.trunc(result.maxplayers)),
    };
  }

  /** The longest one attempt can take. */
  get attemptMs(): number {
    return this.options.timeoutMs * 2 + 500;
  }

  /** The longest one query can take, retries included. */
  get worstCaseMs(): number {
    return this.options.attempts * this.attemptMs;
  }
}
