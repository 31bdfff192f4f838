import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DemoPanel } from '@crimsonhost/devnet/demo-panel';
import {
  normalizePanelUrl,
  PanelRequestError,
  parseRetryAfter,
  PterodactylClient,
  type PanelTarget,
} from '../../src/modules/panels/pterodactyl.client';

const KEY = 'ptlc_ClientTest0001234567890abcdefghijklmnopqrstu';
let panel: DemoPanel;
const client = new PterodactylClient();
let target: PanelTarget;

beforeAll(async () => {
  // Moves take a minute unless a test settles them: no assertion races a timer.
  panel = await DemoPanel.start({ startDelayMs: 60_000, stopDelayMs: 60_000 });
  panel.addServer({ identifier: '1a7ce997', apiKey: KEY });
  target = { panelUrl: `${panel.url}/`, identifier: '1a7ce997', apiKey: KEY };
});
afterAll(() => panel.close());
beforeEach(() => {
  panel.reset();
  panel.setState('1a7ce997', 'offline');
});

async function failure(promise: Promise<unknown>): Promise<PanelRequestError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PanelRequestError);
  return error as PanelRequestError;
}

describe('the Pterodactyl client against the demo panel', () => {
  it.each(['start', 'stop', 'restart', 'kill'] as const)(
    'posts {"signal":"%s"} to /power with the documented headers and takes the 204',
    async (signal) => {
      await client.power(target, signal, 2000);
      expect(panel.requests).toHaveLength(1);
      const [request] = panel.requests;
      expect(request!.method).toBe('POST');
      expect(request!.path).toBe('/api/client/servers/1a7ce997/power');
      expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(request!.headers.accept).toBe('Application/vnd.pterodactyl.v1+json');
      expect(request!.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request!.body)).toEqual({ signal });
    },
  );

  it('reads the stats object from /resources', async () => {
    const stats = await client.resources(target, 2000);
    expect(stats).toMatchObject({ current_state: 'offline', is_suspended: false });
    expect(Object.keys(stats.resources).sort()).toEqual(
      [
        'cpu_absolute',
        'disk_bytes',
        'memory_bytes',
        'network_rx_bytes',
        'network_tx_bytes',
        'uptime',
      ].sort(),
    );
    const [request] = panel.requests;
    expect(request!.method).toBe('GET');
    expect(request!.path).toBe('/api/client/servers/1a7ce997/resources');
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.headers.accept).toBe('Application/vnd.pterodactyl.v1+json');
  });

  it('sees the process go starting -> running and stopping -> offline', async () => {
    await client.power(target, 'start', 2000);
    expect((await client.resources(target, 2000)).current_state).toBe('starting');
    panel.settle();
    expect((await client.resources(target, 2000)).current_state).toBe('running');
    await client.power(target, 'stop', 2000);
    expect((await client.resources(target, 2000)).current_state).toBe('stopping');
    panel.settle();
    expect((await client.resources(target, 2000)).current_state).toBe('offline');
  });

  it('classifies the documented errors and keeps the errors array', async () => {
    const notFound = await failure(
      client.power({ ...target, identifier: 'ffffffff' }, 'start', 2000),
    );
    expect(notFound.kind).toBe('not_found');
    expect(notFound.info.status).toBe(404);
    expect(notFound.info.errors).toEqual([
      {
        code: 'NotFoundHttpException',
        status: '404',
        detail: 'The requested resource could not be found on the server.',
      },
    ]);

    const denied = await failure(client.power({ ...target, apiKey: 'ptlc_wrong' }, 'start', 2000));
    expect(denied).toMatchObject({ kind: 'unauthorized', info: { status: 403 } });

    panel.setStatus('1a7ce997', 'suspended');
    const conflict = await failure(client.power(target, 'start', 2000));
    expect(conflict.kind).toBe('conflict');
    expect(conflict.panelDetail).toMatch(/suspended/);
    panel.setStatus('1a7ce997', null);

    panel.failNext(429, { retryAfterSeconds: 42 });
    const busy = await failure(client.resources(target, 2000));
    expect(busy).toMatchObject({ kind: 'busy', info: { status: 429, retryAfterSeconds: 42 } });
    expect(busy.info.errors?.[0]?.code).toBe('TooManyRequestsHttpException');

    panel.failNext(500);
    expect(await failure(client.resources(target, 2000))).toMatchObject({
      kind: 'panel_error',
      info: { status: 500 },
    });
  });

  it('gives up on a slow panel at the time limit, body included', async () => {
    panel.setLatency(3000);
    const started = Date.now();
    const error = await failure(client.power(target, 'start', 200));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1000);
    panel.setLatency(0);

    // Headers at once, then a body that never ends.
    const stalling = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"object":"stats",');
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    const port = (stalling.address() as AddressInfo).port;
    const began = Date.now();
    const stalled = await failure(
      client.resources({ ...target, panelUrl: `http://127.0.0.1:${port}` }, 200),
    );
    expect(stalled.kind).toBe('timeout');
    expect(Date.now() - began).toBeLessThan(1000);
    stalling.closeAllConnections();
    await new Promise((resolve) => stalling.close(resolve));
  });

  it('reports a closed port as unreachable, and does not follow redirects', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(
      client.power({ ...target, panelUrl: `http://127.0.0.1:${port}` }, 'start', 2000),
    );
    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain('ECONNREFUSED');

    const redirecting = createServer((_request, response) => {
      response.writeHead(301, { Location: 'https://elsewhere.example/api' }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const redirectPort = (redirecting.address() as AddressInfo).port;
    const redirected = await failure(
      client.power({ ...target, panelUrl: `http://127.0.0.1:${redirectPort}` }, 'start', 2000),
    );
    expect(redirected.kind).toBe('panel_error');
    expect(redirected.message).toContain('redirected (301 to https://elsewhere.example/api)');
    await new Promise((resolve) => redirecting.close(resolve));
  });

  it('rejects an answer that is not the stats object', async () => {
    const odd = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"hello":"world"}');
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    const port = (odd.address() as AddressInfo).port;
    const error = await failure(
      client.resources({ ...target, panelUrl: `http://127.0.0.1:${port}` }, 2000),
    );
    expect(error.kind).toBe('panel_error');
    await new Promise((resolve) => odd.close(resolve));
  });

  it('reads Retry-After in seconds or as a date, within 1..3600', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('12', now)).toBe(12);
    expect(parseRetryAfter('0', now)).toBe(1);
    expect(parseRetryAfter('999999', now)).toBe(3600);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter(null, now)).toBe(30);
    expect(parseRetryAfter('soon', now)).toBe(30);
  });

  it('normalizes panel URLs', () => {
    expect(normalizePanelUrl(' https://panel.example.com/ ')).toBe('https://panel.example.com');
    expect(normalizePanelUrl('https://example.com/panel/?x=1#y')).toBe('https://example.com/panel');
    expect(() => normalizePanelUrl('ftp://panel.example.com')).toThrow(/https/);
    expect(() => normalizePanelUrl('panel.example.com')).toThrow(/not a URL/);
    expect(() => normalizePanelUrl('https://user:pw@panel.example.com')).toThrow(/password/);
  });
});

describe("the demo panel's server list", () => {
  it('lists the key’s servers by name, 50 to a page as the Client API pages them', async () => {
    const listKey = 'ptlc_ListTest00001234567890abcdefghijklmnopqrstu';
    for (let i = 0; i < 53; i += 1) {
      panel.addServer({
        identifier: `list${String(i).padStart(4, '0')}`,
        apiKey: listKey,
        name: `Box ${i}`,
      });
    }
    const get = (query = '') =>
      fetch(`${panel.url}/api/client${query}`, { headers: { authorization: `Bearer ${listKey}` } });
    const first = await get();
    expect(first.status).toBe(200);
    const page = (await first.json()) as {
      object: string;
      data: Array<{ object: string; attributes: { identifier: string; name: string } }>;
      meta: { pagination: { total: number; count: number; total_pages: number } };
    };
    expect(page.object).toBe('list');
    expect(page.data[0]).toMatchObject({
      object: 'server',
      attributes: { identifier: 'list0000', name: 'Box 0' },
    });
    expect(page.meta.pagination).toMatchObject({ total: 53, count: 50, total_pages: 2 });
    const second = (await (await get('?page=2')).json()) as typeof page;
    expect(second.data.map((server) => server.attributes.name)).toEqual([
      'Box 50',
      'Box 51',
      'Box 52',
    ]);
    // Another key's servers are not listed; no key is 401.
    const other = (await (
      await fetch(`${panel.url}/api/client`, { headers: { authorization: `Bearer ${KEY}` } })
    ).json()) as typeof page;
    expect(other.data.map((server) => server.attributes.identifier)).toEqual(['1a7ce997']);
    expect((await fetch(`${panel.url}/api/client`)).status).toBe(401);
  });
});
