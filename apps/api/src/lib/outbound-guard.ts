import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * The guard on addresses the API calls on a vendor's behalf (decision 040). A vendor names a URL
 * (its Pterodactyl panel); the API must not become a way into the machine's own network: its
 * loopback services, the private network behind it, the cloud's metadata service.
 *
 * - Only https, unless the host is one the configuration allows (the demo's own panel).
 * - The host is resolved (every address, IPv4 and IPv6) and refused if ANY address is loopback,
 *   unspecified, private, shared (CGNAT), link-local (where the metadata services answer),
 *   multicast, reserved or documentation-only, IPv4 inside IPv6 (mapped, NAT64, 6to4) included.
 * - The check runs at save and again inside every connection (`fetch` below): the connection's
 *   own DNS lookup goes through the guard and connects to the address it checked, so a DNS answer
 *   that changes between the save and a call, or between a check and its connect (rebinding),
 *   cannot reach inside.
 * - A listing's game server address (host and query port) takes the same check with its own
 *   words (`GAME_SERVER_WORDING`): at save, and in the status job before each query, which then
 *   sends its packets to the address it checked.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name, as `dns.lookup(host, { all: true })` answers. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

export type OutboundRefusal = 'url' | 'scheme' | 'address' | 'dns';

/** A refused destination, with a sentence a person understands. */
export class OutboundAddressError extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundAddressError';
  }
}

type Range = { bits: number[]; prefix: number; what: string };

const LOOPBACK = 'a loopback address (this machine itself)';
const PRIVATE = 'a private network address';
const LINK_LOCAL = 'a link-local address, where cloud metadata services answer';
const METADATA = 'the address of a cloud metadata service';
const UNSPECIFIED = 'an unspecified address';
const RESERVED = 'a reserved address, not one on the public internet';
const MULTICAST = 'a multicast address';

function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (with an embedded dotted IPv4 tail, if any). */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail.push(...ipv4Bytes(dotted[1]!));
    text = text.slice(0, -dotted[1]!.length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const missing = 8 - tail.length / 2 - left.length - right.length;
  const words = [...left, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...right];
  const bytes = words.flatMap((word) => {
    const value = parseInt(word, 16);
    return [(value >> 8) & 0xff, value & 0xff];
  });
  return [...bytes, ...tail];
}

function cidr(text: string, what: string): Range {
  const [address = '', prefix = ''] = text.split('/');
  const bits = isIP(address) === 4 ? ipv4Bytes(address) : ipv6Bytes(address);
  return { bits, prefix: Number(prefix), what };
}

function inRange(bytes: number[], range: Range): boolean {
  if (bytes.length !== range.bits.length) return false;
  for (let bit = 0; bit < range.prefix; bit += 1) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[byte]! & mask) !== (range.bits[byte]! & mask)) return false;
  }
  return true;
}

/** IANA's special-purpose IPv4 registry, the parts a public server never has. */
const V4_RANGES: Range[] = [
  cidr('169.254.169.254/32', METADATA),
  cidr('0.0.0.0/8', UNSPECIFIED),
  cidr('10.0.0.0/8', PRIVATE),
  cidr('100.64.0.0/10', 'a shared address of a carrier’s network (CGNAT)'),
  cidr('127.0.0.0/8', LOOPBACK),
  cidr('169.254.0.0/16', LINK_LOCAL),
  cidr('172.16.0.0/12', PRIVATE),
  cidr('192.0.0.0/24', RESERVED),
  cidr('192.0.2.0/24', RESERVED),
  cidr('192.88.99.0/24', RESERVED),
  cidr('192.168.0.0/16', PRIVATE),
  cidr('198.18.0.0/15', RESERVED),
  cidr('198.51.100.0/24', RESERVED),
  cidr('203.0.113.0/24', RESERVED),
  cidr('224.0.0.0/4', MULTICAST),
  cidr('240.0.0.0/4', RESERVED),
];

const V6_RANGES: Range[] = [
  cidr('::/128', UNSPECIFIED),
  cidr('::1/128', LOOPBACK),
  cidr('64:ff9b:1::/48', RESERVED),
  cidr('100::/64', RESERVED),
  cidr('2001::/23', RESERVED),
  cidr('2001:db8::/32', RESERVED),
  cidr('fd00:ec2::254/128', METADATA),
  cidr('fc00::/7', PRIVATE),
  cidr('fe80::/10', LINK_LOCAL),
  cidr('fec0::/10', PRIVATE),
  cidr('ff00::/8', MULTICAST),
];

/**
 * IPv6 forms that carry an IPv4 address: mapped (::ffff:a.b.c.d), NAT64, 6to4, and the deprecated
 * IPv4-compatible form (::a.b.c.d), which no public server has: [range, offset, usable].
 */
const V4_INSIDE_V6: Array<[Range, number, boolean]> = [
  [cidr('::ffff:0:0/96', ''), 12, true],
  [cidr('64:ff9b::/96', ''), 12, true],
  [cidr('2002::/16', ''), 2, true],
  [cidr('::/96', ''), 12, false],
];

/**
 * Why an address is not one the API may call, in words ('a private network address'), or null
 * for a public address. Addresses that are not IP addresses are refused as well.
 */
export function refusedAddress(address: string): string | null {
  const version = isIP(address.split('%')[0]!);
  if (version === 4) {
    const bytes = ipv4Bytes(address);
    return V4_RANGES.find((range) => inRange(bytes, range))?.what ?? null;
  }
  if (version !== 6) return 'not an IP address';
  const bytes = ipv6Bytes(address);
  const own = V6_RANGES.slice(0, 2).find((range) => inRange(bytes, range));
  if (own) return own.what;
  for (const [range, offset, usable] of V4_INSIDE_V6) {
    if (!inRange(bytes, range)) continue;
    const refused = refusedAddress(bytes.slice(offset, offset + 4).join('.'));
    if (refused) return `${refused} (an IPv4 address inside IPv6)`;
    return usable ? null : RESERVED;
  }
  return V6_RANGES.find((range) => inRange(bytes, range))?.what ?? null;
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** What a refusal calls the destination, so that its sentence fits what the vendor typed. */
export interface GuardWording {
  /** Closes a refused address: "{subject} must be reachable on the public internet." */
  subject: string;
  /** Closes a name that does not resolve: "Check {field} for typing mistakes." */
  field: string;
}

/** A vendor's Pterodactyl panel (decision 040). */
export const PANEL_WORDING: GuardWording = { subject: 'A panel', field: 'the panel address' };
/** The game server a listing names, which the status job queries (decision 040, game hosts). */
export const GAME_SERVER_WORDING: GuardWording = {
  subject: 'A game server',
  field: 'the game server’s address',
};

export interface OutboundGuardOptions {
  /** Hosts exempt from the address check, and allowed over http (the demo's own panel). */
  allowedHosts?: readonly string[];
  resolver?: Resolver;
  /** The refusals' words; default: a panel's. */
  wording?: GuardWording;
}

/** The promise, or the signal's reason as soon as it aborts. */
function whileNotAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

export class OutboundGuard {
  private readonly allowed: readonly string[];
  private readonly resolver: Resolver;
  private readonly wording: GuardWording;
  private agent: Agent | null = null;

  constructor(options: OutboundGuardOptions = {}) {
    this.allowed = (options.allowedHosts ?? []).map((entry) => entry.toLowerCase());
    this.resolver = options.resolver ?? systemResolver;
    this.wording = options.wording ?? PANEL_WORDING;
  }

  /** Whether the configuration exempts this host (and port, when the entry names one). */
  isAllowedHost(hostname: string, port?: string): boolean {
    const host = bare(hostname);
    return this.allowed.some((entry) => {
      const match = /^(\[[^\]]+\]|[^:]+|[0-9a-f:]+)(?::(\d+))?$/i.exec(entry);
      if (!match) return false;
      const [, entryHost = '', entryPort] = match;
      if (bare(entryHost) !== host) return false;
      return entryPort === undefined || port === undefined || entryPort === port;
    });
  }

  /**
   * Checks a URL before it is saved or called: https (http only for an allowed host), and every
   * address of its host public. Answers the URL parsed; throws OutboundAddressError.
   */
  async checkUrl(value: string): Promise<URL> {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new OutboundAddressError(
        'url',
        'This is not a web address. Copy it from your browser’s address bar, such as https://panel.example.com.',
      );
    }
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    const allowed = this.isAllowedHost(url.hostname, port);
    if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:')) {
      throw new OutboundAddressError(
        'scheme',
        'The panel address must start with https://, so that its key is never sent in the clear.',
      );
    }
    if (!allowed) await this.resolve(url.hostname, port);
    return url;
  }

  /**
   * Every address of a host, after the check; throws when any one is refused. Without a port (a
   * socket's lookup, after its URL was checked with one) an allowed host is allowed on any port.
   */
  async resolve(hostname: string, port?: string): Promise<ResolvedAddress[]> {
    const host = bare(hostname);
    const literal = isIP(host);
    if (this.isAllowedHost(host, port)) {
      return literal ? [{ address: host, family: literal === 6 ? 6 : 4 }] : this.lookupAll(host);
    }
    const addresses = literal
      ? [{ address: host, family: literal === 6 ? 6 : (4 as 4 | 6) }]
      : await this.lookupAll(host);
    for (const { address } of addresses) {
      const refused = refusedAddress(address);
      if (refused) {
        throw new OutboundAddressError(
          'address',
          literal
            ? `${host} is ${refused}. ${this.wording.subject} must be reachable on the public internet.`
            : `${host} points to ${address}, ${refused}. ${this.wording.subject} must be reachable on the public internet.`,
        );
      }
    }
    return addresses;
  }

  private async lookupAll(host: string): Promise<ResolvedAddress[]> {
    let addresses: ResolvedAddress[];
    try {
      addresses = await this.resolver(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) {
      throw new OutboundAddressError(
        'dns',
        `The name ${host} cannot be found. Check ${this.wording.field} for typing mistakes.`,
      );
    }
    return addresses;
  }

  /** A `lookup` for sockets: resolves through the guard, so a socket connects only where it checked. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.resolve(hostname).then(
      (all) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const fit = family ? all.filter((entry) => entry.family === family) : all;
        if (fit.length === 0) {
          const error = Object.assign(new Error(`No IPv${family} address for ${hostname}`), {
            code: 'ENOTFOUND',
          });
          callback(error, '', 0);
          return;
        }
        if (options.all) callback(null, fit);
        else callback(null, fit[0]!.address, fit[0]!.family);
      },
      (error: Error) => callback(error, '', 0),
    );
  };

  /** The connection pool whose every connection looks its host up through the guard. */
  dispatcher(): Agent {
    this.agent ??= new Agent({ connect: { lookup: this.lookup } });
    return this.agent;
  }

  /**
   * fetch with the guard: the URL is checked, then the connection resolves through the guard
   * again and connects to the address it checked. A refusal rejects with OutboundAddressError.
   */
  readonly fetch: typeof fetch = async (input, init) => {
    const href = input instanceof Request ? input.url : String(input);
    // The caller's time limit covers the name's resolution too: a DNS server that does not answer
    // must not hold a call past its bound.
    await whileNotAborted(this.checkUrl(href), init?.signal ?? undefined);
    try {
      return (await undiciFetch(href, {
        ...(init as Parameters<typeof undiciFetch>[1]),
        dispatcher: this.dispatcher(),
      })) as unknown as Response;
    } catch (error) {
      const cause = error instanceof Error ? error.cause : undefined;
      if (cause instanceof OutboundAddressError) throw cause;
      throw error;
    }
  };

  async close(): Promise<void> {
    await this.agent?.close();
    this.agent = null;
  }
}
