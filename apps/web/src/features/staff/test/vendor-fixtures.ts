import { http, HttpResponse } from 'msw';
import type {
  AdminVendor,
  AdminVendorDetail,
  VendorApplication,
  VendorStatusChange,
} from '@crimsonhost/shared/vendors';
import { server } from '../../../test/msw-server';

let next = 0;
const uuid = (prefix: string) =>
  `${prefix}0000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

export const TRON_PAYOUT = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
export const EVM_PAYOUT = '0x52908400098527886E0F7030069857D2E4169EE7';

/** A vendor as GET /api/admin/vendors lists it: Nordic Hosting, applied and waiting. */
export function buildAdminVendor(overrides: Partial<AdminVendor> = {}): AdminVendor {
  return {
    id: uuid('7'),
    displayName: 'Nordic Hosting',
    contactEmail: 'ops@nordic.example',
    account: { email: 'nils@example.com', name: 'Nils Host', role: 'user' },
    status: 'PENDING',
    statusReason: null,
    games: ['minecraft', 'valheim'],
    regions: ['fra', 'sto'],
    listings: 0,
    pendingApplicationId: uuid('5'),
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

/** An application as the vendor's page shows it: the vendor's, waiting for a decision. */
export function buildVendorApplication(
  overrides: Partial<VendorApplication> = {},
): VendorApplication {
  return {
    id: uuid('5'),
    status: 'PENDING',
    displayName: 'Nordic Hosting',
    contactEmail: 'ops@nordic.example',
    games: ['minecraft', 'valheim'],
    regions: ['fra', 'sto'],
    payoutAddresses: [
      { network: 'TRC20', address: TRON_PAYOUT },
      { network: 'ERC20', address: EVM_PAYOUT },
    ],
    termsVersion: '2026-11-25',
    createdAt: '2026-11-24T10:00:00.000Z',
    decidedAt: null,
    decisionReason: null,
    ...overrides,
  };
}

export function buildStatusChange(overrides: Partial<VendorStatusChange> = {}): VendorStatusChange {
  return {
    from: null,
    to: 'PENDING',
    reason: 'Applied',
    at: '2026-11-24T10:00:00.000Z',
    by: null,
    ...overrides,
  };
}

/**
 * GET /api/admin/vendors/:id of a vendor with an application waiting (the one `vendor` names),
 * an earlier rejected one, its history, two payout addresses and some money.
 */
export function buildVendorDetail(
  vendor: AdminVendor = buildAdminVendor(),
  overrides: Partial<AdminVendorDetail> = {},
): AdminVendorDetail {
  const waiting = vendor.pendingApplicationId
    ? [buildVendorApplication({ id: vendor.pendingApplicationId })]
    : [];
  return {
    vendor,
    applications: [
      ...waiting,
      buildVendorApplication({
        status: 'REJECTED',
        displayName: 'Nordic Host',
        createdAt: '2026-10-02T08:00:00.000Z',
        decidedAt: '2026-10-03T12:30:00.000Z',
        decisionReason: 'The contact e-mail bounced',
      }),
    ],
    history: [buildStatusChange()],
    payoutAddresses: [
      { network: 'TRC20', address: TRON_PAYOUT, updatedAt: '2026-11-24T10:00:00.000Z' },
      { network: 'ERC20', address: EVM_PAYOUT, updatedAt: '2026-11-24T10:00:00.000Z' },
    ],
    balances: {
      escrow: '12.500000',
      pending: '40.250000',
      available: '101.000001',
      payoutPending: '0.000000',
      paidOut: '250.000000',
    },
    ...overrides,
  };
}

/** An active vendor with nothing waiting: approved once, listing servers. */
export function buildActiveVendorDetail(): AdminVendorDetail {
  const vendor = buildAdminVendor({
    status: 'ACTIVE',
    statusReason: 'Application approved',
    pendingApplicationId: null,
    listings: 3,
    account: { email: 'nils@example.com', name: 'Nils Host', role: 'vendor' },
  });
  return buildVendorDetail(vendor, {
    history: [
      buildStatusChange(),
      buildStatusChange({
        from: 'PENDING',
        to: 'ACTIVE',
        reason: 'Application approved',
        at: '2026-11-25T09:00:00.000Z',
        by: { id: '60000000-0000-4000-8000-000000000010', name: 'Demo Admin' },
      }),
    ],
  });
}

/** GET /api/admin/vendors answering `vendors`; every asked URL is recorded. */
export function serveVendors(vendors: AdminVendor[], total = vendors.length) {
  const asked: URL[] = [];
  server.use(
    http.get('/api/admin/vendors', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      return HttpResponse.json({
        data: vendors,
        meta: {
          page: Number(url.searchParams.get('page') ?? 1),
          pageSize: Number(url.searchParams.get('pageSize') ?? 20),
          total,
        },
      });
    }),
  );
  return { asked };
}

/** What an action on a vendor was sent: which one (application or status) and the body. */
export interface SentVendorAction {
  action: 'application' | 'status';
  body: unknown;
}

/**
 * GET /api/admin/vendors/:id answering `detail` until an action changes it, and the decision and
 * status actions, each recorded and answered with `answer` (the vendor afterwards, which later
 * reads then give) unless it returns a Response of its own (a refusal).
 */
export function serveVendorDetail(
  detail: AdminVendorDetail,
  answer: (sent: SentVendorAction) => AdminVendorDetail | Response = () => detail,
  { afterRefusal }: { afterRefusal?: AdminVendorDetail } = {},
) {
  let current = detail;
  const reads: number[] = [];
  const sent: SentVendorAction[] = [];
  const path = `/api/admin/vendors/${detail.vendor.id}`;
  const act = (action: SentVendorAction['action']) =>
    http.post(`${path}/${action}`, async ({ request }) => {
      const done: SentVendorAction = { action, body: await request.json() };
      sent.push(done);
      const result = answer(done);
      if (result instanceof Response) {
        if (afterRefusal) current = afterRefusal;
        return result;
      }
      current = result;
      return HttpResponse.json({ data: result });
    });
  server.use(
    http.get(path, () => {
      reads.push(Date.now());
      return HttpResponse.json({ data: current });
    }),
    act('application'),
    act('status'),
  );
  return { reads, sent };
}
