import { http, HttpResponse } from 'msw';
import type {
  AdminDeposit,
  AdminDepositDetail,
  AdminDepositTransfer,
} from '@crimsonhost/shared/admin-deposits';
import { server } from '../../../test/msw-server';

let next = 0;
const uuid = (prefix: string) =>
  `${prefix}0000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

/** A 40-hex EVM value ending in the counter: an address or (twice as long) a hash. */
const hex = (length: number) => `0x${String(++next).padStart(length, 'a')}`;

/** A deposit as GET /api/admin/deposits lists it: 25 USDT on ERC20, paid and confirmed. */
export function buildAdminDeposit(overrides: Partial<AdminDeposit> = {}): AdminDeposit {
  return {
    id: uuid('a'),
    user: {
      id: '60000000-0000-4000-8000-000000000042',
      name: 'Ada Renter',
      email: 'ada@example.com',
    },
    network: 'ERC20',
    address: hex(40),
    status: 'CONFIRMED',
    requestedAmount: '25.000000',
    receivedAmount: '25.000000',
    creditedAmount: '25.000000',
    transferCount: 1,
    confirmations: 12,
    requiredConfirmations: 12,
    late: false,
    short: false,
    over: false,
    misdirected: false,
    createdAt: '2026-11-20T09:00:00.000Z',
    expiresAt: '2026-11-20T09:30:00.000Z',
    cancelledAt: null,
    ...overrides,
  };
}

/** A chain transfer to a deposit: 25 USDT on ERC20, credited. */
export function buildDepositTransfer(
  overrides: Partial<AdminDepositTransfer> = {},
): AdminDepositTransfer {
  const txHash = hex(64);
  return {
    id: uuid('9'),
    network: 'ERC20',
    txHash,
    logIndex: 0,
    blockNumber: '21045120',
    fromAddress: hex(40),
    amount: '25.000000',
    status: 'CREDITED',
    confirmations: 12,
    requiredConfirmations: 12,
    late: false,
    wrongNetwork: false,
    seenAt: '2026-11-20T09:05:00.000Z',
    ledgerTransactionId: uuid('8'),
    explorerUrl: `https://etherscan.io/tx/${txHash}`,
    creditable: false,
    ...overrides,
  };
}

/**
 * A wrong-network payment held for staff: 40 USDT on BEP20 to the address of an ERC20 deposit,
 * confirmed and not credited.
 */
export function buildHeldTransfer(
  overrides: Partial<AdminDepositTransfer> = {},
): AdminDepositTransfer {
  const txHash = hex(64);
  return buildDepositTransfer({
    network: 'BEP20',
    txHash,
    amount: '40.000000',
    status: 'HELD',
    confirmations: 15,
    requiredConfirmations: 15,
    wrongNetwork: true,
    ledgerTransactionId: null,
    explorerUrl: `https://bscscan.com/tx/${txHash}`,
    creditable: true,
    ...overrides,
  });
}

/** GET /api/admin/deposits/:id of `deposit`: one credited transfer unless told otherwise. */
export function buildDepositDetail(
  deposit: AdminDeposit = buildAdminDeposit(),
  overrides: Partial<AdminDepositDetail> = {},
): AdminDepositDetail {
  return {
    ...deposit,
    derivationIndex: 17,
    watchUntil: '2026-12-20T09:00:00.000Z',
    addressCollision: false,
    addressExplorerUrl: `https://etherscan.io/address/${deposit.address}`,
    transfers: [buildDepositTransfer()],
    ...overrides,
  };
}

/** GET /api/admin/deposits answering `deposits`; every asked URL is recorded. */
export function serveDeposits(deposits: AdminDeposit[], total = deposits.length) {
  const asked: URL[] = [];
  server.use(
    http.get('/api/admin/deposits', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      return HttpResponse.json({
        data: deposits,
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

/** What a credit by hand was sent: the transfer's id and the body. */
export interface SentCredit {
  transferId: string;
  body: unknown;
}

/**
 * GET /api/admin/deposits/:id answering `detail` (counted), and the credits by hand of its
 * transfers, each recorded and answered with `answer` (the deposit afterwards) unless it returns
 * a Response of its own (a refusal).
 */
export function serveDepositDetail(
  detail: AdminDepositDetail,
  answer: (sent: SentCredit) => AdminDepositDetail | Response = () => detail,
) {
  const reads: number[] = [];
  const sent: SentCredit[] = [];
  const path = `/api/admin/deposits/${detail.id}`;
  server.use(
    http.get(path, () => {
      reads.push(Date.now());
      return HttpResponse.json({ data: detail });
    }),
    http.post(`${path}/transfers/:transferId/credit`, async ({ params, request }) => {
      const credit: SentCredit = {
        transferId: String(params.transferId),
        body: await request.json(),
      };
      sent.push(credit);
      const result = answer(credit);
      return result instanceof Response ? result : HttpResponse.json({ data: result });
    }),
  );
  return { reads, sent };
}
