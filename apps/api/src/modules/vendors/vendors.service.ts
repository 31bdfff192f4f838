import { NETWORKS, type Network } from '@crimsonhost/shared/constants';
import type { FieldIssue } from '@crimsonhost/shared/errors';
import {
  VENDOR_TERMS_VERSION,
  type vendorApplicationRequestSchema,
  type AdminVendor,
  type AdminVendorDetail,
  type AdminVendorsQuery,
  type DecideApplicationRequest,
  type MyVendorStanding,
  type VendorApplication,
  type VendorEarnings,
  type VendorMovementsQuery,
  type VendorStatus,
  type VendorStatusRequest,
} from '@crimsonhost/shared/vendors';
import { getAddress } from 'viem';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import { AppError, validationFailed } from '../../lib/errors';
import { enqueueMail, type MailOutbox } from '../../lib/mail-outbox';
import * as usersRepo from '../admin/users.repository';
import type { AuditActor, AuditService } from '../audit/audit.service';
import type { Principal } from '../auth/auth.guard';
import type { RequestMeta } from '../auth/session.service';
import { setVendorListingsListed } from '../catalog/catalog-availability';
import { isTronAddress } from '../chains/addresses';
import { vendorBalances, vendorEarnings, vendorMovements } from './vendor-money';
import { vendorMail, type VendorNews } from './vendors.mail';
import * as repo from './vendors.repository';

type ApplicationInput = z.output<typeof vendorApplicationRequestSchema>;

const iso = (value: Date | string) => new Date(value).toISOString();
const notFound = () => new AppError('NOT_FOUND', 404, 'No vendor with this id');
const pending = () =>
  new AppError(
    'APPLICATION_PENDING',
    409,
    'An application is already waiting for a decision. You will hear from us by mail.',
  );

/**
 * The checksums the browser does not check: a Tron address is base58check with the 0x41 prefix;
 * an EVM address must carry its EIP-55 checksum (mixed case), which catches a mistyped letter.
 */
export function payoutAddressIssues(addresses: Partial<Record<Network, string>>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const [network, address] of Object.entries(addresses) as Array<[Network, string]>) {
    const field = `payoutAddresses.${network}`;
    if (network === 'TRC20') {
      if (!isTronAddress(address))
        issues.push({
          field,
          message:
            'This is not a valid Tron address: its checksum does not match. Copy it again from your wallet.',
        });
      continue;
    }
    let checksummed: string | null = null;
    try {
      checksummed = getAddress(address);
    } catch {
      checksummed = null;
    }
    if (checksummed === null || checksummed !== address)
      issues.push({
        field,
        message:
          checksummed === null
            ? 'This is not a valid address.'
            : 'Paste the address exactly as your wallet shows it, with its capital letters (its EIP-55 checksum).',
      });
  }
  return issues;
}

function toApplication(row: repo.ApplicationRow): VendorApplication {
  return {
    id: row.id,
    status: row.status as VendorApplication['status'],
    displayName: row.displayName,
    contactEmail: row.contactEmail,
    games: row.games as VendorApplication['games'],
    regions: row.regions,
    // In the order of NETWORKS (jsonb keeps its keys in an order of its own).
    payoutAddresses: NETWORKS.filter((network) => row.payoutAddresses[network]).map((network) => ({
      network,
      address: row.payoutAddresses[network]!,
    })),
    termsVersion: row.termsVersion,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
  };
}

function toAdminVendor(row: repo.AdminVendorRow): AdminVendor {
  return {
    id: row.user_id,
    displayName: row.display_name,
    contactEmail: row.contact_email,
    account: { email: row.account_email, name: row.account_name, role: row.account_role },
    status: row.status as VendorStatus,
    statusReason: row.status_reason,
    games: row.games as AdminVendor['games'],
    regions: row.regions,
    listings: Number(row.listings),
    pendingApplicationId: row.pending_application_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export interface VendorsDeps {
  db: Database;
  audit: AuditService;
  outbox: MailOutbox;
  publicUrl: string;
  /** The commission for new rentals, as the staff area's Settings last saved it. */
  commissionBp: (db: Executor) => Promise<number>;
}

/**
 * Becoming a vendor (issue 16 points 1 and 2, decision 037). A signed-in user applies; an admin
 * approves (the account gets the vendor role and the vendor turns ACTIVE) or rejects with a
 * reason; an admin suspends, reactivates or closes a vendor with a reason. Each change, its
 * history row, its audit record and its mail are written in one transaction.
 */
export class VendorsService {
  constructor(private readonly deps: VendorsDeps) {}

  private get standingLink() {
    return `${this.deps.publicUrl}/vendor/apply`;
  }

  private actorOf(principal: Principal, meta: RequestMeta): AuditActor {
    return { user: principal.user, clientKind: principal.clientKind, ip: meta.ip };
  }

  /** Runs `work` in a transaction and sends the mail it queued once committed. */
  private async withMail<T>(work: (tx: Executor) => Promise<{ result: T; mailId?: string }>) {
    const { result, mailId } = await this.deps.db.transaction(work);
    if (mailId) void this.deps.outbox.deliver(mailId).catch(() => undefined);
    return result;
  }

  async standing(userId: string, db: Executor = this.deps.db): Promise<MyVendorStanding> {
    const vendor = await repo.findVendor(db, userId);
    const application = await repo.latestApplication(db, userId);
    const addresses = vendor ? await repo.payoutAddressesOf(db, userId) : [];
    return {
      vendor: vendor
        ? {
            status: vendor.status as VendorStatus,
            statusReason: vendor.statusReason,
            displayName: vendor.displayName,
            payoutAddresses: addresses.map((row) => ({
              network: row.network as Network,
              address: row.address,
              updatedAt: row.updatedAt.toISOString(),
            })),
          }
        : null,
      application: application ? toApplication(application) : null,
      canApply: !vendor || (vendor.status === 'CLOSED' && application?.status !== 'PENDING'),
    };
  }

  async apply(principal: Principal, application: ApplicationInput): Promise<MyVendorStanding> {
    const { user } = principal;
    if (user.role === 'admin' || user.role === 'support')
      throw new AppError(
        'CANNOT_APPLY',
        422,
        'Staff accounts cannot sell on the marketplace. Apply from a customer account.',
      );
    const issues = payoutAddressIssues(application.payoutAddresses);
    if (issues.length > 0) throw validationFailed(issues);
    return this.withMail(async (tx) => {
      const vendor = await repo.lockVendor(tx, user.id);
      if (vendor?.status === 'PENDING') throw pending();
      if (vendor?.status === 'ACTIVE')
        throw new AppError('ALREADY_VENDOR', 409, 'You are already a vendor.');
      if (vendor?.status === 'SUSPENDED')
        throw new AppError(
          'CANNOT_APPLY',
          422,
          'Your vendor account is suspended. Write to support to talk about it.',
        );
      const values = {
        displayName: application.displayName,
        contactEmail: application.contactEmail,
        games: application.games,
        regions: application.regions,
        termsVersion: VENDOR_TERMS_VERSION,
      };
      try {
        await repo.insertApplication(tx, {
          userId: user.id,
          ...values,
          payoutAddresses: application.payoutAddresses,
        });
      } catch (error) {
        // Two submits at once: the one-pending index lets one in.
        if (pgErrorCode(error) === '23505') throw pending();
        throw error;
      }
      if (vendor) {
        await repo.updateVendor(tx, user.id, {
          ...values,
          status: 'PENDING',
          statusReason: null,
          termsAcceptedAt: new Date(),
        });
      } else {
        await repo.insertVendor(tx, { userId: user.id, ...values, termsAcceptedAt: new Date() });
      }
      await repo.insertStatusChange(tx, {
        vendorId: user.id,
        fromStatus: vendor?.status ?? null,
        toStatus: 'PENDING',
        reason: 'Applied to become a vendor',
        actorId: null,
      });
      const mailId = await enqueueMail(
        tx,
        vendorMail(
          { email: user.email, name: application.displayName },
          'received',
          null,
          this.standingLink,
        ),
      );
      return { result: await this.standing(user.id, tx), mailId };
    });
  }

  // --- The vendor area ------------------------------------------------------------------------

  async earnings(vendorId: string): Promise<VendorEarnings> {
    const { db } = this.deps;
    return vendorEarnings(db, vendorId, await this.deps.commissionBp(db));
  }

  async movements(
    vendorId: string,
    query: VendorMovementsQuery & { page: number; pageSize: number },
  ) {
    return vendorMovements(this.deps.db, vendorId, query);
  }

  // --- The staff area -------------------------------------------------------------------------

  async search(query: AdminVendorsQuery & { page: number; pageSize: number }) {
    const { rows, total } = await repo.searchVendors(this.deps.db, {
      view: query.view ?? 'applications',
      q: query.q || undefined,
      page: query.page,
      pageSize: query.pageSize,
    });
    return {
      data: rows.map(toAdminVendor),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async detail(id: string, db: Executor = this.deps.db): Promise<AdminVendorDetail> {
    const row = await repo.findAdminVendor(db, id);
    if (!row) throw notFound();
    const applications = await repo.applicationsOf(db, id);
    const history = await repo.statusHistoryOf(db, id);
    const addresses = await repo.payoutAddressesOf(db, id);
    return {
      vendor: toAdminVendor(row),
      applications: applications.map(toApplication),
      history: history.map(({ change, actorName }) => ({
        from: (change.fromStatus as VendorStatus | null) ?? null,
        to: change.toStatus as VendorStatus,
        reason: change.reason,
        at: change.createdAt.toISOString(),
        by: change.actorId ? { id: change.actorId, name: actorName ?? '' } : null,
      })),
      payoutAddresses: addresses.map((address) => ({
        network: address.network as Network,
        address: address.address,
        updatedAt: address.updatedAt.toISOString(),
      })),
      balances: await vendorBalances(db, id),
    };
  }

  /** Approves or rejects the application waiting for a decision; an admin only. */
  async decide(
    principal: Principal,
    meta: RequestMeta,
    id: string,
    request: DecideApplicationRequest,
  ): Promise<AdminVendorDetail> {
    const approve = request.decision === 'approve';
    const reason = request.reason?.trim() ? request.reason.trim() : null;
    return this.withMail(async (tx) => {
      const vendor = await repo.lockVendor(tx, id);
      if (!vendor) throw notFound();
      const application = await repo.lockPendingApplication(tx, id);
      if (!application)
        throw new AppError(
          'NO_PENDING_APPLICATION',
          409,
          'No application of this vendor waits for a decision: another admin may have decided it.',
        );
      const account = await usersRepo.lockUser(tx, id);
      if (!account) throw notFound();
      await repo.decideApplication(tx, application.id, {
        status: approve ? 'APPROVED' : 'REJECTED',
        decidedBy: principal.user.id,
        decisionReason: reason,
      });
      const to: VendorStatus = approve ? 'ACTIVE' : 'CLOSED';
      const statusReason = approve ? null : `Application rejected: ${reason}`;
      await repo.updateVendor(tx, id, { status: to, statusReason });
      await repo.insertStatusChange(tx, {
        vendorId: id,
        fromStatus: vendor.status,
        toStatus: to,
        reason: approve ? (reason ?? 'Application approved') : statusReason!,
        actorId: principal.user.id,
      });
      if (approve) {
        await repo.savePayoutAddresses(tx, id, application.payoutAddresses);
        // A vendor closed before and approved again: its listings come back to the catalog.
        await setVendorListingsListed(tx, id, true);
        // A customer account becomes a vendor; a role staff gave meanwhile is left as it is.
        if (account.role === 'user') await usersRepo.updateUserAccess(tx, id, { role: 'vendor' });
      }
      await this.deps.audit.record(tx, this.actorOf(principal, meta), {
        action: approve ? 'vendor.application_approved' : 'vendor.application_rejected',
        targetType: 'vendor',
        targetId: id,
        targetLabel: `${application.displayName} (${account.email})`,
        before: { status: vendor.status, role: account.role },
        after: {
          status: to,
          role: approve && account.role === 'user' ? 'vendor' : account.role,
          reason,
          applicationId: application.id,
        },
      });
      const mailId = await enqueueMail(
        tx,
        vendorMail(
          { email: account.email, name: application.displayName },
          approve ? 'approved' : 'rejected',
          reason,
          this.standingLink,
        ),
      );
      return { result: await this.detail(id, tx), mailId };
    });
  }

  /** Suspends, reactivates or closes a vendor with a reason; an admin only. */
  async setStatus(
    principal: Principal,
    meta: RequestMeta,
    id: string,
    request: VendorStatusRequest,
  ): Promise<AdminVendorDetail> {
    const { status, reason } = request;
    return this.withMail(async (tx) => {
      const vendor = await repo.lockVendor(tx, id);
      if (!vendor) throw notFound();
      if (vendor.status === 'PENDING')
        throw new AppError(
          'APPLICATION_PENDING',
          409,
          'This vendor has an application waiting: approve or reject it instead.',
        );
      if (vendor.status === status)
        throw new AppError(
          'VENDOR_STATUS_UNCHANGED',
          409,
          `This vendor is already ${status.toLowerCase()}.`,
        );
      const account = await usersRepo.lockUser(tx, id);
      if (!account) throw notFound();
      await repo.updateVendor(tx, id, {
        status,
        statusReason: status === 'ACTIVE' ? null : reason,
      });
      // Suspended or closed: the listings leave the catalog (running rentals run to their end).
      await setVendorListingsListed(tx, id, status === 'ACTIVE');
      await repo.insertStatusChange(tx, {
        vendorId: id,
        fromStatus: vendor.status,
        toStatus: status,
        reason,
        actorId: principal.user.id,
      });
      await this.deps.audit.record(tx, this.actorOf(principal, meta), {
        action: 'vendor.status_changed',
        targetType: 'vendor',
        targetId: id,
        targetLabel: `${vendor.displayName} (${account.email})`,
        before: { status: vendor.status },
        after: { status, reason },
      });
      const mailId = await enqueueMail(
        tx,
        vendorMail(
          { email: account.email, name: vendor.displayName },
          status satisfies VendorNews,
          reason,
          this.standingLink,
        ),
      );
      return { result: await this.detail(id, tx), mailId };
    });
  }
}
