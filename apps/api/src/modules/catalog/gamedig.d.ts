// The part of gamedig 5's API that the status job uses (the package ships no types).
declare module 'gamedig' {
  export interface QueryOptions {
    /** A game id of gamedig's list, or `protocol-<name>` for a protocol itself. */
    type: string;
    host: string;
    /** The IP address to query; when present, `host` is not resolved. */
    address?: string;
    port?: number;
    /** Query only the given port, not the game's other usual query ports. */
    givenPortOnly?: boolean;
    maxRetries?: number;
    socketTimeout?: number;
    attemptTimeout?: number;
    requestPlayers?: boolean;
    requestRules?: boolean;
    portCache?: boolean;
  }

  export interface QueryResult {
    name: string;
    map: string;
    password: boolean;
    numplayers: number;
    maxplayers: number;
    ping: number;
    version: string;
    queryPort: number;
    raw: Record<string, unknown>;
  }

  export class GameDig {
    constructor(options?: { listenUdpPort?: number });
    query(options: QueryOptions): Promise<QueryResult>;
    static query(options: QueryOptions): Promise<QueryResult>;
  }
}
