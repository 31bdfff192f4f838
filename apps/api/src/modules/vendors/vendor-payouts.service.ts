import { assertOwesNothing, owingReason } from '../wallet/debt';
import { owedBy } from '../wallet/ledger.service';
import type { Network } from '@crimsonhost/shared/constants';
import { parseUsdt, toUsdtString } from '@crimsonhost/shared/money';
import {
  MIN_PAYOUT_MICRO,
  PAYOUT_ADDRESS_LOCK_HOURS,
  PAYOUT_REQUEST_INTERVAL_HOURS,
  type AdminPayout,
  type AdminPayoutsQuery,
  type Payout,
  type PayoutAddressesChange,
  type PayoutRequest,
  type PayoutStanding,
  type PayoutStatus,
} from '@crimsonhost/shared/vendor-payouts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { getAddress } from 'viem';
import type { z } from 'zod';
import type { payoutAddressesChangeSchema } from '@crimsonhost/shared/vendor-payouts';
import type { Database, Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { pgErrorCode } from '../../lib/db-errors';
import { systemClock, type Clock } from '../../lib/clock';
import { AppError, validationFailed } from '../../lib/errors';
import type { JobDefinition } from '../../lib/jobs';
import { enqueueMail, type MailOutbox } from '../../lib/mail-outbox';
import type { AuditActor, AuditService } from '../audit/audit.service';
import type { Principal } from '../auth/auth.guard';
import { checkAccountPassword } from '../auth/auth.service';
import type { RequestMeta } from '../auth/session.service';
import type { ChainClient } from '../chains/chain-client';
import { TOKEN_DECIMALS } from '../chains/chain-settings';
import type { Explorer } from '../chains/explorers';
import {
  InsufficientFundsError,
  chainClearing,
  postLedgerTransaction,
  vendorAvailable,
  vendorPayoutPending,
} from '../wallet/ledger.service';
import { PAYOUT_SENT_KIND, vendorBalances } from './vendor-money';
import { payoutMail, type PayoutNews } from './vendor-payouts.mail';
import * as repo from './vendor-payouts.repository';
import type { PayoutRow } from './vendor-payouts.repository';
import * as vendorsRepo from './vendors.repository';
import { payoutAddressIssues } from './vendors.service';

const HOUR_MS = 3_600_000;
/** A hash the node stops knowing is given this long (a node behind its peers) before it is dropped. */
const MISSING_GRACE_MS = 30 * 60_000;

const iso = (value: Date | null) => value?.toISOString() ?? null;
const notFound = () => new AppError('NOT_FOUND', 404, 'No payout with this id');

/** What the chain shows of a payout's transaction, in the words staff and vendors read. */
type Inspection =
  | { ok: true; blockNumber: bigint; confirmations: number }
  | { ok: false; missing: boolean; reason: string };

/** A transaction hash as it is stored: lower case, 0x on EVM networks, bare on Tron. */
export function normaliseTxHash(network: Network, hash: string): string {
  const bare = hash.trim().replace(/^0x/i, '').toLowerCase();
  return network === 'TRC20' ? bare : `0x${bare}`;
}

function sameAddress(network: Network, a: string, b: string) {
  if (network === 'TRC20') return a === b;
  try {
    return getAddress(a) === getAddress(b);
  } catch {
    return false;
  }
}

export interface VendorPayoutsDeps {
  db: Database;
  audit: AuditService;
  outbox: MailOutbox;
  publicUrl: string;
  /** A client for each network the storefront watches: the only way a payout becomes PAID. */
  chains: Partial<Record<Network, ChainClient>>;
  explorers: Partial<Record<Network, Explorer>>;
  /** The time the payout rules run on (decision 042); default: the machine's. */
  clock?: Clock;
}

/**
 * Vendor payouts (issue 16 point 8, decision 041). The platform holds no keys: a vendor asks,
 * the amount moves from available to payout pending at once (so it cannot be spent twice), an
 * admin sends the USDT with their own wallet and enters the hash, and the payout is PAID only
 * when the chain shows exactly that transfer with the network's confirmations.
 */
export class VendorPayoutsService {
  private readonly clock: Clock;

  constructor(private readonly deps: VendorPayoutsDeps) {
    this.clock = deps.clock ?? systemClock;
  }

  private get link() {
    return `${this.deps.publicUrl}/vendor/payouts`;
  }

  private async withMail<T>(work: (tx: Executor) => Promise<{ result: T; mailIds?: string[] }>) {
    const { result, mailIds } = await this.deps.db.transaction(work);
    for (const id of mailIds ?? []) void this.deps.outbox.deliver(id).catch(() => undefined);
    return result;
  }

  private async mail(
    tx: Executor,
    vendorId: string,
    news: PayoutNews,
    facts: Parameters<typeof payoutMail>[2],
  ) {
    const [account] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, vendorId));
    const vendor = await vendorsRepo.findVendor(tx, vendorId);
    if (!account) return undefined;
    return enqueueMail(
      tx,
      payoutMail({ email: account.email, name: vendor?.displayName ?? '' }, news, facts, this.link),
    );
  }

  toPayout(row: PayoutRow): Payout {
    const network = row.network as Network;
    return {
      id: row.id,
      status: row.status as PayoutStatus,
      network,
      address: row.address,
      amount: toUsdtString(row.amount),
      txHash: row.txHash,
      explorerUrl:
        row.txHash && this.deps.explorers[network]
          ? this.deps.explorers[network].transaction(row.txHash)
          : null,
      confirmations: row.confirmations,
      requiredConfirmations: row.requiredConfirmations,
      reason: row.reason,
      requestedAt: row.requestedAt.toISOString(),
      submittedAt: iso(row.submittedAt),
      paidAt: iso(row.paidAt),
      closedAt: iso(row.closedAt),
    };
  }

  private toAdminPayout(row: repo.AdminPayoutRow): AdminPayout {
    const network = row.network as Network;
    return {
      ...this.toPayout(row),
      vendor: { id: row.vendorId, displayName: row.vendorName, email: row.vendorEmail },
      addressUrl: this.deps.explorers[network]?.address(row.address) ?? null,
    };
  }

  // --- The vendor's side -----------------------------------------------------------------------

  /**
   * Why a payout cannot be asked for now, or null. The same rules guard the request itself,
   * under the vendor's row lock.
   */
  private blockedReason(
    vendor: { status: string; payoutsLockedUntil: Date | null },
    open: PayoutRow | undefined,
    latest: PayoutRow | undefined,
    available: bigint,
    now: Date,
  ): { code: string; message: string } | null {
    if (vendor.status === 'SUSPENDED' || vendor.status === 'PENDING')
      return {
        code: 'PAYOUTS_PAUSED',
        message:
          vendor.status === 'SUSPENDED'
            ? 'Payouts wait while your vendor account is suspended. Write to support to talk about it.'
            : 'Payouts open once your application is approved.',
      };
    if (vendor.payoutsLockedUntil && vendor.payoutsLockedUntil > now)
      return {
        code: 'PAYOUTS_LOCKED',
        message: `Your payout addresses changed recently, so payouts wait until ${vendor.payoutsLockedUntil.toUTCString()}.`,
      };
    if (open)
      return {
        code: 'PAYOUT_OPEN',
        message: 'A payout you asked for is still open: one payout at a time.',
      };
    const next = latest ? nextRequestAt(latest) : null;
    if (next && next > now)
      return {
        code: 'PAYOUT_TOO_SOON',
        message: `One payout request a day: you can ask again from ${next.toUTCString()}.`,
      };
    if (available < MIN_PAYOUT_MICRO)
      return {
        code: 'PAYOUT_TOO_SMALL',
        message: `A payout is at least ${toUsdtString(MIN_PAYOUT_MICRO)} USDT; you have ${toUsdtString(available)} USDT available.`,
      };
    return null;
  }

  async standing(principal: Principal, now = this.clock.now()): Promise<PayoutStanding> {
    const { db } = this.deps;
    const vendorId = principal.user.id;
    const vendor = await vendorsRepo.findVendor(db, vendorId);
    if (!vendor) throw new AppError('NOT_A_VENDOR', 404, 'This account has no vendor record');
    const [open, latest, addresses, balances, owed] = await Promise.all([
      repo.openPayoutOf(db, vendorId),
      repo.latestPayoutOf(db, vendorId),
      vendorsRepo.payoutAddressesOf(db, vendorId),
      vendorBalances(db, vendorId),
      owedBy(db, vendorId),
    ]);
    const available = parseUsdt(balances.available);
    const blocked = this.blockedReason(vendor, open, latest, available, now);
    // What the account owes comes before "too small": settling it is what opens payouts again.
    const blockedReason =
      blocked && blocked.code !== 'PAYOUT_TOO_SMALL'
        ? blocked.message
        : owed > 0n
          ? owingReason(owed, 'payout')
          : (blocked?.message ?? null);
    const next = latest ? nextRequestAt(latest) : null;
    return {
      available: balances.available,
      minimum: toUsdtString(MIN_PAYOUT_MICRO),
      payoutAddresses: addresses.map((row) => ({
        network: row.network as Network,
        address: row.address,
        updatedAt: row.updatedAt.toISOString(),
      })),
      lockedUntil:
        vendor.payoutsLockedUntil && vendor.payoutsLockedUntil > now
          ? vendor.payoutsLockedUntil.toISOString()
          : null,
      nextRequestAt: next && next > now ? next.toISOString() : null,
      open: open ? this.toPayout(open) : null,
      blockedReason,
      hasPassword: principal.user.passwordHash !== null,
    };
  }

  async list(vendorId: string, page: { page: number; pageSize: number }) {
    const { rows, total } = await repo.payoutsOf(this.deps.db, vendorId, page);
    return { data: rows.map((row) => this.toPayout(row)), meta: { ...page, total } };
  }

  async request(principal: Principal, meta: RequestMeta, input: PayoutRequest): Promise<Payout> {
    return this.requestFor(actorOf(principal, meta), principal.user.id, input);
  }

  /** `request` on behalf of `vendorId`: the vendor, or the demo seed (an actor without user). */
  async requestFor(actor: AuditActor, vendorId: string, input: PayoutRequest): Promise<Payout> {
    const network = input.network;
    const amount = parseUsdt(String(input.amount));
    if (amount < MIN_PAYOUT_MICRO)
      throw validationFailed([{ field: 'amount', message: 'The smallest payout is 10 USDT.' }]);
    try {
      return await this.deps.db.transaction(async (tx) => {
        const now = this.clock.now();
        // The vendor's row lock: two requests of one vendor take turns, so the rules below hold.
        const vendor = await vendorsRepo.lockVendor(tx, vendorId);
        if (!vendor) throw new AppError('NOT_A_VENDOR', 404, 'This account has no vendor record');
        const open = await repo.openPayoutOf(tx, vendorId);
        const latest = await repo.latestPayoutOf(tx, vendorId);
        const balances = await vendorBalances(tx, vendorId);
        const available = parseUsdt(balances.available);
        const blocked = this.blockedReason(vendor, open, latest, available, now);
        if (blocked && blocked.code !== 'PAYOUT_TOO_SMALL')
          throw new AppError(blocked.code, 409, blocked.message);
        await assertOwesNothing(tx, vendorId, 'payout');
        if (amount > available)
          throw validationFailed([
            {
              field: 'amount',
              message: `Only ${toUsdtString(available)} USDT is available to pay out.`,
            },
          ]);
        const address = (await vendorsRepo.payoutAddressesOf(tx, vendorId)).find(
          (row) => row.network === network,
        );
        if (!address)
          throw validationFailed([
            {
              field: 'network',
              message: `You have no payout address on ${network}. Add one first, or choose another network.`,
            },
          ]);
        const payout = await repo.insertPayout(tx, {
          vendorId,
          network,
          address: address.address,
          amount,
        });
        await postLedgerTransaction(tx, {
          kind: 'VENDOR_PAYOUT_REQUESTED',
          reference: `payout:${payout.id}:requested`,
          postings: [
            { account: vendorAvailable(vendorId), amount: -amount },
            { account: vendorPayoutPending(vendorId), amount },
          ],
        });
        await this.deps.audit.record(tx, actor, {
          action: 'payout.requested',
          targetType: 'payout',
          targetId: payout.id,
          targetLabel: `${toUsdtString(amount)} USDT to ${vendor.displayName}`,
          after: { network, address: address.address, amount: toUsdtString(amount) },
        });
        return this.toPayout(payout);
      });
    } catch (error) {
      // Two requests at once: the one-open index lets one in.
      if (pgErrorCode(error) === '23505')
        throw new AppError(
          'PAYOUT_OPEN',
          409,
          'A payout you asked for is still open: one payout at a time.',
        );
      if (error instanceof InsufficientFundsError)
        throw validationFailed([
          { field: 'amount', message: 'Your available balance no longer covers this amount.' },
        ]);
      throw error;
    }
  }

  /** Cancels the vendor's own payout while nobody has sent it yet. */
  async cancel(principal: Principal, meta: RequestMeta, id: string): Promise<Payout> {
    const payout = await repo.findPayout(this.deps.db, id);
    if (!payout || payout.vendorId !== principal.user.id) throw notFound();
    return this.close(actorOf(principal, meta), id, 'CANCELLED', 'Cancelled by the vendor');
  }

  /** New payout addresses, with the account's password; payouts then wait 48 hours. */
  async changeAddresses(
    principal: Principal,
    meta: RequestMeta,
    input: z.output<typeof payoutAddressesChangeSchema>,
  ): Promise<PayoutStanding> {
    const { user } = principal;
    if (!user.passwordHash)
      throw new AppError(
        'PASSWORD_REQUIRED',
        422,
        'Set a password for your account first (Profile): a payout address change is confirmed with it.',
      );
    const issues = payoutAddressIssues(input.payoutAddresses);
    if (issues.length > 0) throw validationFailed(issues);
    if (!(await checkAccountPassword(this.deps.db, user, input.password)))
      throw validationFailed([{ field: 'password', message: 'That is not your password.' }]);
    const addresses: Partial<Record<Network, string>> = input.payoutAddresses;
    await this.withMail(async (tx) => {
      const vendor = await vendorsRepo.lockVendor(tx, user.id);
      if (!vendor) throw new AppError('NOT_A_VENDOR', 404, 'This account has no vendor record');
      const before = await vendorsRepo.payoutAddressesOf(tx, user.id);
      const unchanged =
        before.length === Object.keys(addresses).length &&
        before.every((row) => addresses[row.network as Network] === row.address);
      if (unchanged) return { result: undefined };
      await vendorsRepo.replacePayoutAddresses(tx, user.id, addresses);
      const until = new Date(this.clock.now().getTime() + PAYOUT_ADDRESS_LOCK_HOURS * HOUR_MS);
      await vendorsRepo.updateVendor(tx, user.id, { payoutsLockedUntil: until });
      await this.deps.audit.record(tx, actorOf(principal, meta), {
        action: 'payout.addresses_changed',
        targetType: 'vendor',
        targetId: user.id,
        targetLabel: `${vendor.displayName} (${user.email})`,
        before: Object.fromEntries(before.map((row) => [row.network, row.address])),
        after: { ...addresses, payoutsLockedUntil: until.toISOString() },
      });
      const mailId = await this.mail(tx, user.id, 'addresses_changed', { until });
      return { result: undefined, mailIds: mailId ? [mailId] : [] };
    });
    return this.standing(principal);
  }

  // --- The staff area --------------------------------------------------------------------------

  async search(query: AdminPayoutsQuery & { page: number; pageSize: number }) {
    const { rows, total } = await repo.searchPayouts(this.deps.db, {
      view: query.view ?? 'open',
      q: query.q || undefined,
      page: query.page,
      pageSize: query.pageSize,
    });
    return {
      data: rows.map((row) => this.toAdminPayout(row)),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async detail(id: string, db: Executor = this.deps.db): Promise<AdminPayout> {
    const row = await repo.findAdminPayout(db, id);
    if (!row) throw notFound();
    return this.toAdminPayout(row);
  }

  async reject(principal: Principal, meta: RequestMeta, id: string, reason: string) {
    await this.close(actorOf(principal, meta), id, 'REJECTED', reason.trim());
    return this.detail(id);
  }

  /**
   * Rejected by staff or cancelled by the vendor, while still REQUESTED: the money goes back to
   * available in the same transaction. Once a hash is entered the USDT may be on its way, so
   * neither is possible then.
   */
  private async close(
    actor: AuditActor,
    id: string,
    status: 'REJECTED' | 'CANCELLED',
    reason: string,
  ): Promise<Payout> {
    return this.withMail(async (tx) => {
      const payout = await repo.lockPayout(tx, id);
      if (!payout) throw notFound();
      if (payout.status !== 'REQUESTED')
        throw new AppError(
          'PAYOUT_NOT_OPEN',
          409,
          payout.status === 'SUBMITTED'
            ? 'This payout was already sent and is being confirmed on chain: it can no longer be stopped.'
            : `This payout is already ${payout.status.toLowerCase()}.`,
        );
      const closed = await repo.updatePayout(tx, id, {
        status,
        reason,
        closedAt: this.clock.now(),
        closedBy: actor.user?.id ?? null,
      });
      await postLedgerTransaction(tx, {
        kind: 'VENDOR_PAYOUT_RETURNED',
        reference: `payout:${id}:returned`,
        postings: [
          { account: vendorPayoutPending(payout.vendorId), amount: -payout.amount },
          { account: vendorAvailable(payout.vendorId), amount: payout.amount },
        ],
      });
      await this.deps.audit.record(tx, actor, {
        action: status === 'REJECTED' ? 'payout.rejected' : 'payout.cancelled',
        targetType: 'payout',
        targetId: id,
        targetLabel: `${toUsdtString(payout.amount)} USDT on ${payout.network}`,
        before: { status: payout.status },
        after: { status, reason },
      });
      const mailId =
        status === 'REJECTED'
          ? await this.mail(tx, payout.vendorId, 'rejected', {
              amount: toUsdtString(payout.amount),
              network: payout.network,
              reason,
            })
          : undefined;
      return { result: this.toPayout(closed), mailIds: mailId ? [mailId] : [] };
    });
  }

  /**
   * Reads the transaction from the chain: it must have succeeded and moved exactly the payout's
   * amount of the network's USDT to the payout's address.
   */
  private async inspect(payout: PayoutRow, txHash: string): Promise<Inspection> {
    const network = payout.network as Network;
    const client = this.deps.chains[network];
    if (!client)
      throw new AppError(
        'NETWORK_NOT_WATCHED',
        409,
        `This storefront does not watch ${network}, so it cannot prove the payment. Configure the ${network} node first.`,
      );
    const found = await client.transactionTransfers(txHash);
    if (found.state === 'missing')
      return {
        ok: false,
        missing: true,
        reason: `No transaction ${txHash} on ${network}. If you have just sent it, wait until it is mined and enter it again.`,
      };
    if (found.state === 'failed') return { ok: false, missing: false, reason: found.reason };
    const decimals = TOKEN_DECIMALS[network];
    const raw = payout.amount * 10n ** BigInt(decimals - 6);
    const toVendor = found.transfers.filter((t) => sameAddress(network, t.to, payout.address));
    if (!toVendor.some((t) => t.value === raw)) {
      const shown = (value: bigint) => toUsdtString(value / 10n ** BigInt(decimals - 6));
      const reason =
        found.transfers.length === 0
          ? `This transaction moved no USDT on ${network}: was another token sent, or from another network?`
          : toVendor.length > 0
            ? `This transaction sent ${toVendor.map((t) => shown(t.value)).join(' + ')} USDT to the vendor's address, not the ${toUsdtString(payout.amount)} USDT of this payout.`
            : `This transaction sent USDT to ${found.transfers.map((t) => t.to).join(', ')}, not to the vendor's address ${payout.address}.`;
      return { ok: false, missing: false, reason };
    }
    const head = await client.headBlock();
    const confirmations = head >= found.blockNumber ? Number(head - found.blockNumber + 1n) : 0;
    return { ok: true, blockNumber: found.blockNumber, confirmations };
  }

  /**
   * An admin enters the hash of the transfer they sent. It is read from the chain at once: a
   * transaction that does not pay exactly this payout is refused with the reason; one that does
   * is SUBMITTED, and PAID as soon as it has the network's confirmations (now, or by the job).
   */
  async submitTransaction(
    principal: Principal,
    meta: RequestMeta,
    id: string,
    hash: string,
  ): Promise<AdminPayout> {
    return this.recordTransaction(actorOf(principal, meta), id, hash);
  }

  /** `submitTransaction` for whoever sent it: staff, or the demo's own treasury (actor without user). */
  async recordTransaction(actor: AuditActor, id: string, hash: string): Promise<AdminPayout> {
    const payout = await repo.findPayout(this.deps.db, id);
    if (!payout) throw notFound();
    if (payout.status !== 'REQUESTED')
      throw new AppError(
        'PAYOUT_NOT_OPEN',
        409,
        payout.status === 'SUBMITTED'
          ? 'A transaction was already entered for this payout; it is being confirmed on chain.'
          : `This payout is ${payout.status.toLowerCase()}: there is nothing to send.`,
      );
    const network = payout.network as Network;
    const txHash = normaliseTxHash(network, hash);
    if (network !== 'TRC20' && !hash.trim().toLowerCase().startsWith('0x'))
      throw validationFailed([
        { field: 'txHash', message: `A ${network} transaction hash starts with 0x.` },
      ]);
    const used = await repo.payoutOfTransaction(this.deps.db, network, txHash);
    if (used) throw hashUsed(used.id);
    const seen = await this.inspect(payout, txHash);
    if (!seen.ok)
      throw new AppError('PAYOUT_HASH_MISMATCH', 422, seen.reason, {
        fields: [{ field: 'txHash', message: seen.reason }],
      });
    const required = (await repo.requiredConfirmations(this.deps.db, network)) ?? 1;
    try {
      await this.withMail(async (tx) => {
        const locked = await repo.lockPayout(tx, id);
        if (!locked || locked.status !== 'REQUESTED')
          throw new AppError(
            'PAYOUT_NOT_OPEN',
            409,
            'Someone else changed this payout meanwhile: reload it.',
          );
        const submitted = await repo.updatePayout(tx, id, {
          status: 'SUBMITTED',
          txHash,
          blockNumber: seen.blockNumber,
          confirmations: seen.confirmations,
          requiredConfirmations: required,
          reason: null,
          submittedAt: this.clock.now(),
          submittedBy: actor.user?.id ?? null,
        });
        await this.deps.audit.record(tx, actor, {
          action: 'payout.hash_entered',
          targetType: 'payout',
          targetId: id,
          targetLabel: `${toUsdtString(payout.amount)} USDT on ${network}`,
          before: { status: 'REQUESTED' },
          after: { status: 'SUBMITTED', txHash, confirmations: seen.confirmations },
        });
        if (seen.confirmations < required) return { result: undefined };
        const mailId = await this.markPaid(tx, submitted, seen, actor);
        return { result: undefined, mailIds: mailId ? [mailId] : [] };
      });
    } catch (error) {
      // The same hash entered for two payouts at once: the index lets one in.
      if (pgErrorCode(error) === '23505') throw hashUsed(null);
      throw error;
    }
    return this.detail(id);
  }

  /** PAID: the payout-pending money leaves the platform through the network's chain clearing. */
  private async markPaid(
    tx: Executor,
    payout: PayoutRow,
    seen: { blockNumber: bigint; confirmations: number },
    actor: AuditActor,
  ) {
    await repo.updatePayout(tx, payout.id, {
      status: 'PAID',
      blockNumber: seen.blockNumber,
      confirmations: seen.confirmations,
      paidAt: this.clock.now(),
    });
    await postLedgerTransaction(tx, {
      kind: PAYOUT_SENT_KIND,
      reference: `payout:${payout.id}:sent`,
      postings: [
        { account: vendorPayoutPending(payout.vendorId), amount: -payout.amount },
        { account: chainClearing(payout.network), amount: payout.amount },
      ],
    });
    await this.deps.audit.record(tx, actor, {
      action: 'payout.paid',
      targetType: 'payout',
      targetId: payout.id,
      targetLabel: `${toUsdtString(payout.amount)} USDT on ${payout.network}`,
      before: { status: 'SUBMITTED' },
      after: { status: 'PAID', txHash: payout.txHash, confirmations: seen.confirmations },
    });
    return this.mail(tx, payout.vendorId, 'paid', {
      amount: toUsdtString(payout.amount),
      network: payout.network,
      address: payout.address,
      txHash: payout.txHash ?? '',
    });
  }

  /**
   * The payout job's pass: each SUBMITTED payout is read from the chain again. Enough
   * confirmations: PAID. Gone from the chain (a reorg), failed, or no longer paying the payout:
   * back to REQUESTED with the reason, for staff to send again; the money stays set aside.
   */
  async verifySubmitted(now = this.clock.now(), limit = 50) {
    let paid = 0;
    for (const id of await repo.submittedPayoutIds(this.deps.db, limit)) {
      const payout = await repo.findPayout(this.deps.db, id);
      if (!payout || payout.status !== 'SUBMITTED' || !payout.txHash) continue;
      const seen = await this.inspect(payout, payout.txHash);
      const required =
        (await repo.requiredConfirmations(this.deps.db, payout.network)) ??
        payout.requiredConfirmations ??
        1;
      const done = await this.withMail(async (tx) => {
        const locked = await repo.lockPayout(tx, id, { skipLocked: true });
        if (!locked || locked.status !== 'SUBMITTED' || locked.txHash !== payout.txHash)
          return { result: false };
        const system: AuditActor = { user: null, clientKind: null, ip: null };
        if (seen.ok) {
          if (seen.confirmations < required) {
            await repo.updatePayout(tx, id, {
              confirmations: seen.confirmations,
              blockNumber: seen.blockNumber,
              requiredConfirmations: required,
            });
            return { result: false };
          }
          const mailId = await this.markPaid(tx, locked, seen, system);
          return { result: true, mailIds: mailId ? [mailId] : [] };
        }
        if (
          seen.missing &&
          locked.submittedAt &&
          now.getTime() - locked.submittedAt.getTime() < MISSING_GRACE_MS
        )
          return { result: false };
        const reason = `The transaction ${locked.txHash} no longer pays this payout: ${seen.reason}`;
        await repo.updatePayout(tx, id, {
          status: 'REQUESTED',
          txHash: null,
          blockNumber: null,
          confirmations: null,
          submittedAt: null,
          submittedBy: null,
          reason,
        });
        await this.deps.audit.record(tx, system, {
          action: 'payout.hash_dropped',
          targetType: 'payout',
          targetId: id,
          targetLabel: `${toUsdtString(locked.amount)} USDT on ${locked.network}`,
          before: { status: 'SUBMITTED', txHash: locked.txHash },
          after: { status: 'REQUESTED', reason },
        });
        const mailId = await this.mail(tx, locked.vendorId, 'hash_dropped', {
          amount: toUsdtString(locked.amount),
          network: locked.network,
          reason: seen.reason,
        });
        return { result: false, mailIds: mailId ? [mailId] : [] };
      });
      if (done) paid += 1;
    }
    return paid;
  }

  /** The payout job: every 5 seconds (1 on the demo chains), one instance at a time. */
  job(log: FastifyBaseLogger, intervalMs = 5_000): JobDefinition {
    return {
      name: 'vendor-payouts',
      intervalMs,
      leaseMs: 60_000,
      run: async () => {
        const paid = await this.verifySubmitted();
        if (paid > 0) log.info({ paid }, 'vendor payouts seen paid on chain');
      },
    };
  }
}

/** When the vendor may ask again after `latest`: one request a day. */
function nextRequestAt(latest: PayoutRow) {
  return new Date(latest.requestedAt.getTime() + PAYOUT_REQUEST_INTERVAL_HOURS * HOUR_MS);
}

function hashUsed(payoutId: string | null) {
  return new AppError(
    'PAYOUT_HASH_USED',
    409,
    payoutId
      ? `This transaction already pays payout ${payoutId}: a transfer pays one payout.`
      : 'This transaction already pays another payout: a transfer pays one payout.',
    { fields: [{ field: 'txHash', message: 'This transaction already pays another payout.' }] },
  );
}

function actorOf(principal: Principal, meta: RequestMeta): AuditActor {
  return { user: principal.user, clientKind: principal.clientKind, ip: meta.ip };
}

export type { PayoutAddressesChange };
