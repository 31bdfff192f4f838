import { http, HttpResponse } from 'msw';
import type {
  PanelError,
  PanelLink,
  PanelLinkInput,
  PanelTest,
} from '@crimsonhost/shared/vendor-panels';
import { server } from '../../../test/msw-server';

/** A saved link as the API answers it: never the key, only its last 4 characters. */
export function buildPanelLink(overrides: Partial<PanelLink> = {}): PanelLink {
  return {
    url: 'https://panel.nordicfrag.example',
    serverIdentifier: '1a7ce997',
    keyHint: 'x9Qz',
    demo: false,
    linkedAt: '2026-11-24T10:00:00.000Z',
    lastTest: null,
    ...overrides,
  };
}

export const RUNNING_TEST: PanelTest = {
  ok: true,
  outcome: 'running',
  message: 'Connected. The server is running, using 23.5% CPU and 1.5 GB of memory.',
  testedAt: '2026-11-25T08:30:00.000Z',
  resources: { cpuPercent: 23.5, memoryBytes: 1_610_612_736, diskBytes: 0, uptimeSeconds: 60 },
};

export const REFUSED_KEY_TEST: PanelTest = {
  ok: false,
  outcome: 'refused_key',
  message:
    'The panel refused the key (403). Check it is a client API key (Account → API Credentials) of a user who may use this server.',
  testedAt: '2026-11-25T08:31:00.000Z',
  resources: null,
};

export function buildPanelError(index: number, overrides: Partial<PanelError> = {}): PanelError {
  return {
    id: `70000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    listingId: '60000000-0000-4000-8000-000000000001',
    listingName: 'Frankfurt Survival',
    kind: 'timeout',
    summary: 'The panel did not answer in time.',
    detail: `start: No answer from the panel within 8000 ms (${index})`,
    at: new Date(Date.UTC(2026, 10, 25, 8, 0) - index * 60_000).toISOString(),
    ...overrides,
  };
}

/** A test as the link keeps it: without the resource figures. */
const withoutResources = ({ resources: _resources, ...lastTest }: PanelTest) => lastTest;

/**
 * A listing's panel link kept as the API would: saving stores it (with the key's last 4
 * characters), unlinking drops it, a test answers `nextTest` and is kept as the last one.
 * `bodies` records what each save sent; `errors` is the panel errors list, served 10 a page.
 */
export function servePanelStore({
  link = null,
  nextTest = RUNNING_TEST,
  errors = [],
  demo = null,
}: {
  link?: PanelLink | null;
  nextTest?: PanelTest;
  errors?: PanelError[];
  /** The demo panel's link the API offers for this listing (a spare demo game server). */
  demo?: PanelLinkInput | null;
} = {}) {
  const state = { link, nextTest, bodies: [] as PanelLinkInput[], tests: 0, unlinks: 0 };
  server.use(
    http.get('/api/vendor/listings/:id/panel', () => HttpResponse.json({ data: state.link })),
    http.get('/api/vendor/listings/:id/panel/demo', () => HttpResponse.json({ data: demo })),
    http.put('/api/vendor/listings/:id/panel', async ({ request }) => {
      const body = (await request.json()) as PanelLinkInput;
      state.bodies.push(body);
      state.link = buildPanelLink({
        url: body.url,
        serverIdentifier: body.serverIdentifier,
        keyHint: body.apiKey.slice(-4),
        linkedAt: '2026-11-25T09:00:00.000Z',
      });
      return HttpResponse.json({ data: state.link });
    }),
    http.delete('/api/vendor/listings/:id/panel', () => {
      state.unlinks += 1;
      state.link = null;
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/vendor/listings/:id/panel/test', () => {
      state.tests += 1;
      if (state.link) state.link = { ...state.link, lastTest: withoutResources(state.nextTest) };
      return HttpResponse.json({ data: state.nextTest });
    }),
    http.get('/api/vendor/panel-errors', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
      return HttpResponse.json({
        data: errors.slice((page - 1) * 10, page * 10),
        meta: { page, pageSize: 10, total: errors.length },
      });
    }),
  );
  return state;
}
