// The outbound address guard (issue 16 point 5, decision 040): what a vendor's panel URL may name,
// checked with a test resolver at save and again inside each connection, so that a DNS answer
// that changes after the check (rebinding) cannot reach loopback, the private network or the
// cloud's metadata service.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OutboundAddressError,
  OutboundGuard,
  refusedAddress,
  type ResolvedAddress,
  type Resolver,
} from '../src/lib/outbound-guard';

const PUBLIC_V4 = '93.184.215.14';
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c';

/** A resolver from a table; each name's answers in turn, the last one for good. */
function resolverOf(table: Record<string, Array<string | string[]>>) {
  const calls: string[] = [];
  const seen = new Map<string, number>();
  const resolve: Resolver = async (hostname) => {
    calls.push(hostname);
    const answers = table[hostname];
    if (!answers) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const turn = seen.get(hostname) ?? 0;
    seen.set(hostname, turn + 1);
    const answer = answers[Math.min(turn, answers.length - 1)]!;
    return (Array.isArray(answer) ? answer : [answer]).map((address): ResolvedAddress => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
  };
  return { resolve, calls };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundAddressError);
    return error as OutboundAddressError;
  }
  throw new Error('expected a refusal');
}

describe('which addresses a panel may have', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.0.0.5', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.20', 'private'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.254', 'CGNAT'],
    ['169.254.169.254', 'metadata'],
    ['169.254.10.1', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fd00:ec2::254', 'metadata'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:c0a8:101::1', 'private'],
  ])('refuses %s (%s)', (address) => {
    expect(refusedAddress(address)).not.toBeNull();
  });

  it.each([PUBLIC_V4, '8.8.8.8', '172.32.0.1', '100.128.0.1', PUBLIC_V6, '::ffff:8.8.8.8'])(
    'lets %s through',
    (address) => {
      expect(refusedAddress(address)).toBeNull();
    },
  );

  it('names the metadata service and IPv4 inside IPv6 in its words', () => {
    expect(refusedAddress('169.254.169.254')).toBe('the address of a cloud metadata service');
    expect(refusedAddress('fd00:ec2::254')).toBe('the address of a cloud metadata service');
    expect(refusedAddress('::ffff:127.0.0.1')).toBe(
      'a loopback address (this machine itself) (an IPv4 address inside IPv6)',
    );
  });
});

describe('a panel URL at save', () => {
  const { resolve } = resolverOf({
    'panel.example.com': [PUBLIC_V4],
    'panel6.example.com': [[PUBLIC_V6]],
    'inside.example.com': ['10.1.2.3'],
    'mixed.example.com': [[PUBLIC_V4, '127.0.0.1']],
    'metadata.example.com': ['169.254.169.254'],
    'metadata6.example.com': ['fd00:ec2::254'],
    'mapped.example.com': ['::ffff:192.168.0.10'],
  });
  const guard = new OutboundGuard({ resolver: resolve });

  it('takes an https URL whose every address is public', async () => {
    await expect(guard.checkUrl('https://panel.example.com')).resolves.toBeInstanceOf(URL);
    await expect(guard.checkUrl('https://panel6.example.com:8443')).resolves.toBeInstanceOf(URL);
    await expect(guard.checkUrl(`https://${PUBLIC_V4}`)).resolves.toBeInstanceOf(URL);
  });

  it('refuses http, so that the key never travels in the clear', async () => {
    const error = await refusal(guard.checkUrl('http://panel.example.com'));
    expect(error.reason).toBe('scheme');
    expect(error.message).toBe(
      'The panel address must start with https://, so that its key is never sent in the clear.',
    );
    expect((await refusal(guard.checkUrl('ftp://panel.example.com'))).reason).toBe('scheme');
  });

  it('refuses a name with ANY address inside, and says which', async () => {
    expect((await refusal(guard.checkUrl('https://inside.example.com'))).message).toBe(
      'inside.example.com points to 10.1.2.3, a private network address. A panel must be reachable on the public internet.',
    );
    expect((await refusal(guard.checkUrl('https://mixed.example.com'))).message).toContain(
      'points to 127.0.0.1, a loopback address',
    );
    expect((await refusal(guard.checkUrl('https://metadata.example.com'))).message).toContain(
      'the address of a cloud metadata service',
    );
    expect((await refusal(guard.checkUrl('https://metadata6.example.com'))).message).toContain(
      'the address of a cloud metadata service',
    );
    expect((await refusal(guard.checkUrl('https://mapped.example.com'))).message).toContain(
      'a private network address (an IPv4 address inside IPv6)',
    );
  });

  it('refuses address literals inside, IPv6 and mapped forms included', async () => {
    for (const url of [
      'https://127.0.0.1',
      'https://10.0.0.1:8443',
      'https://172.20.1.1',
      'https://192.168.0.1',
      'https://100.64.1.1',
      'https://169.254.169.254',
      'https://[::1]',
      'https://[fd00:ec2::254]',
      'https://[fe80::1]',
      'https://[::ffff:127.0.0.1]',
      'https://[::ffff:169.254.169.254]',
      'https://0x7f000001',
      'https://2130706433',
      'https://localhost.',
    ]) {
      const error = await refusal(guard.checkUrl(url));
      expect(['address', 'dns']).toContain(error.reason);
    }
  });

  it('says so when the name does not resolve', async () => {
    const error = await refusal(guard.checkUrl('https://nowhere.example.com'));
    expect(error.reason).toBe('dns');
    expect(error.message).toBe(
      'The name nowhere.example.com cannot be found. Check the panel address for typing mistakes.',
    );
    expect((await refusal(guard.checkUrl('not a url'))).reason).toBe('url');
  });
});

describe('the allowed hosts of the configuration (the demo panel)', () => {
  const { resolve, calls } = resolverOf({ 'panel.internal': ['10.0.0.7'] });
  const guard = new OutboundGuard({
    resolver: resolve,
    allowedHosts: ['127.0.0.1:38600', 'panel.internal'],
  });

  it('lets only them through, over http as well, and only on their port when one is named', async () => {
    await expect(guard.checkUrl('http://127.0.0.1:38600')).resolves.toBeInstanceOf(URL);
    await expect(guard.checkUrl('http://panel.internal:8080')).resolves.toBeInstanceOf(URL);
    expect((await refusal(guard.checkUrl('http://127.0.0.1:38601'))).reason).toBe('scheme');
    expect((await refusal(guard.checkUrl('https://127.0.0.1:38601'))).reason).toBe('address');
    expect((await refusal(guard.checkUrl('https://127.0.0.2:38600'))).reason).toBe('address');
    // An allowed name is not resolved at save: it is the operator's own.
    expect(calls).toEqual([]);
  });
});

describe('each call connects only where the guard checked', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_request, response) => response.end('hello from loopback'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses a name that answers public at save and loopback at call time (DNS rebinding)', async () => {
    const { resolve, calls } = resolverOf({
      'rebind.example.com': [PUBLIC_V4, '127.0.0.1'],
    });
    const guard = new OutboundGuard({ resolver: resolve });
    // At save the name is public.
    await expect(guard.checkUrl(`https://rebind.example.com:${port}`)).resolves.toBeInstanceOf(URL);
    // At the call the name points inside: the call's own check refuses it.
    const error = await refusal(guard.fetch(`https://rebind.example.com:${port}/`));
    expect(error.message).toBe(
      'rebind.example.com points to 127.0.0.1, a loopback address (this machine itself). A panel must be reachable on the public internet.',
    );
    expect(calls).toEqual(['rebind.example.com', 'rebind.example.com']);
    await guard.close();
  });

  it('refuses when the name turns private between the check of a call and its connection', async () => {
    // Public at save, public at the call's check, private when the socket looks it up.
    const { resolve, calls } = resolverOf({
      'late.example.com': [PUBLIC_V4, PUBLIC_V4, '192.168.1.1'],
    });
    const guard = new OutboundGuard({ resolver: resolve });
    await guard.checkUrl(`https://late.example.com:${port}`);
    const error = await refusal(guard.fetch(`https://late.example.com:${port}/`));
    expect(error.message).toContain('points to 192.168.1.1, a private network address');
    expect(calls).toHaveLength(3);
    await guard.close();
  });

  it('gives up on a name that does not resolve within the call’s time limit', async () => {
    const guard = new OutboundGuard({ resolver: () => new Promise(() => undefined) });
    const started = Date.now();
    await expect(
      guard.fetch('https://silent-dns.example.com/', { signal: AbortSignal.timeout(50) }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('connects to the address it resolved, not to what the system DNS says', async () => {
    // 'panel.demo.invalid' exists only in the test resolver: the socket used the guard's lookup.
    const { resolve } = resolverOf({ 'panel.demo.invalid': ['127.0.0.1'] });
    const guard = new OutboundGuard({
      resolver: resolve,
      allowedHosts: [`panel.demo.invalid:${port}`],
    });
    const response = await guard.fetch(`http://panel.demo.invalid:${port}/`);
    expect(await response.text()).toBe('hello from loopback');
    await guard.close();
  });
});
