import {
  SETTINGS_KIND_LABELS,
  type AdminSettings,
  type CommissionRequest,
  type DepositSettingsRequest,
  type SettingsHistoryQuery,
  type SettingsKind,
  type SettingsVersion,
  type SlaRequest,
} from '@crimsonhost/shared/admin-settings';
import {
  LOYALTY_TIERS,
  type TierRules,
  type TiersSettingsRequest,
} from '@crimsonhost/shared/benefits';
import { NETWORKS, type Network } from '@crimsonhost/shared/constants';
import { parseUsdt, toUsdtString } from '@crimsonhost/shared/money';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AuditActor, AuditService } from '../audit/audit.service';
import type { Principal } from '../auth/auth.guard';
import type { RequestMeta } from '../auth/session.service';
import type { PlatformSettings } from '../settings/platform-settings.service';
import * as repo from '../settings/settings.repository';

const byNetworkOrder = (a: { network: string }, b: { network: string }) =>
  NETWORKS.indexOf(a.network as Network) - NETWORKS.indexOf(b.network as Network);

/** '1.5' -> '1.50': the form `deposit_networks.fee_percent` keeps. */
const feeText = (percent: string) => {
  const [whole = '0', fraction = ''] = percent.split('.');
  return `${Number(whole)}.${fraction.padEnd(2, '0')}`;
};

/** The tiers as saved, each threshold written with 6 decimals. */
const tierRulesView = (rules: TierRules): TierRules =>
  Object.fromEntries(
    LOYALTY_TIERS.map((tier) => [
      tier,
      {
        threshold: toUsdtString(parseUsdt(rules[tier].threshold)),
        discountBp: rules[tier].discountBp,
      },
    ]),
  ) as TierRules;

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', 400, message, { fields: [{ field, message }] });

type DepositRows = Awaited<ReturnType<typeof repo.readDepositRows>>;

/** The deposit settings as one value: what the history keeps before and after a save. */
function depositValue({ settings, networks }: DepositRows) {
  return {
    minAmount: toUsdtString(settings.minAmount),
    maxAmount: settings.maxAmount === null ? null : toUsdtString(settings.maxAmount),
    defaultNetwork: settings.defaultNetwork as Network,
    networks: [...networks].sort(byNetworkOrder).map((row) => ({
      network: row.network as Network,
      displayName: row.displayName,
      enabled: row.enabled,
      feePercent: row.feePercent,
      confirmations: row.confirmations,
      processingTime: row.processingTime,
      color: row.color,
    })),
  };
}

/**
 * The staff area's Settings (issue 15 point 6), admin only: reads the three kinds, saves each whole
 * over the version it was read at, and writes the history row and the audit record in the same
 * transaction as the change.
 */
export class AdminSettingsService {
  constructor(
    private readonly deps: { db: Database; audit: AuditService; platform: PlatformSettings },
  ) {}

  private actorOf(principal: Principal, meta: RequestMeta): AuditActor {
    return { user: principal.user, clientKind: principal.clientKind, ip: meta.ip };
  }

  async read(db: Executor = this.deps.db): Promise<AdminSettings> {
    const deposits = await repo.readDepositRows(db);
    const commission = await this.deps.platform.row('commission', db);
    const sla = await this.deps.platform.row('sla', db);
    const tiers = await this.deps.platform.row('tiers', db);
    const names = await repo.namesOf(
      db,
      [deposits.settings.updatedBy, commission.updatedBy, sla.updatedBy, tiers.updatedBy].filter(
        (id): id is string => id !== null,
      ),
    );
    const stamp = (row: { version: number; updatedAt: Date; updatedBy: string | null }) => ({
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: row.updatedBy ? { id: row.updatedBy, name: names.get(row.updatedBy) ?? '' } : null,
    });
    return {
      deposits: { ...stamp(deposits.settings), ...depositValue(deposits) },
      commission: { ...stamp(commission), basisPoints: commission.value.basisPoints },
      sla: { ...stamp(sla), hours: sla.value },
      tiers: { ...stamp(tiers), tiers: tierRulesView(tiers.value) },
    };
  }

  private async conflict(db: Executor) {
    return new AppError(
      'CONFLICT',
      409,
      'Someone else saved these settings a moment ago. Reload them and make your change again.',
      { current: await this.read(db) },
    );
  }

  /** Writes the history row and the audit record of a save. */
  private async recordSave(
    tx: Executor,
    principal: Principal,
    meta: RequestMeta,
    change: { kind: SettingsKind; version: number; before: object; after: object },
  ) {
    await repo.insertSettingsVersion(tx, {
      kind: change.kind,
      version: change.version,
      before: change.before,
      after: change.after,
      changedBy: principal.user.id,
      changedByName: principal.user.displayName,
    });
    await this.deps.audit.record(tx, this.actorOf(principal, meta), {
      action: 'settings.changed',
      targetType: 'settings',
      targetId: change.kind,
      targetLabel: SETTINGS_KIND_LABELS[change.kind],
      before: { version: change.version - 1, ...change.before },
      after: { version: change.version, ...change.after },
    });
  }

  private async save(work: (tx: Executor) => Promise<void>): Promise<AdminSettings> {
    await this.deps.db.transaction(work);
    this.deps.platform.clearCache();
    return this.read();
  }

  async saveDeposits(principal: Principal, meta: RequestMeta, input: DepositSettingsRequest) {
    return this.save(async (tx) => {
      const rows = await repo.readDepositRows(tx, true);
      if (rows.settings.version !== input.version) throw await this.conflict(tx);
      const known = rows.networks.map((row) => row.network);
      input.networks.forEach((row, index) => {
        if (!known.includes(row.network)) {
          throw fieldError(`networks.${index}.network`, `${row.network} is not a deposit network`);
        }
      });
      const missing = known.filter((network) => !input.networks.some((n) => n.network === network));
      if (missing.length > 0) {
        throw fieldError('networks', `List every network; missing: ${missing.join(', ')}`);
      }
      const version = rows.settings.version + 1;
      await repo.updateDepositSettings(tx, {
        minAmount: parseUsdt(input.minAmount),
        maxAmount: input.maxAmount === null ? null : parseUsdt(input.maxAmount),
        defaultNetwork: input.defaultNetwork,
        version,
        updatedBy: principal.user.id,
      });
      for (const row of input.networks) {
        await repo.updateDepositNetwork(tx, row.network, {
          enabled: row.enabled,
          feePercent: feeText(row.feePercent.trim()),
          confirmations: row.confirmations,
          processingTime: row.processingTime.trim(),
          color: row.color.toUpperCase(),
        });
      }
      const after = await repo.readDepositRows(tx);
      await this.recordSave(tx, principal, meta, {
        kind: 'deposits',
        version,
        before: depositValue(rows),
        after: depositValue(after),
      });
    });
  }

  async saveCommission(principal: Principal, meta: RequestMeta, input: CommissionRequest) {
    return this.savePlatformSetting(principal, meta, 'commission', input.version, {
      basisPoints: input.basisPoints,
    });
  }

  async saveSla(principal: Principal, meta: RequestMeta, input: SlaRequest) {
    const { URGENT, HIGH, NORMAL, LOW } = input.hours;
    return this.savePlatformSetting(principal, meta, 'sla', input.version, {
      URGENT,
      HIGH,
      NORMAL,
      LOW,
    });
  }

  async saveTiers(principal: Principal, meta: RequestMeta, input: TiersSettingsRequest) {
    const value = Object.fromEntries(
      LOYALTY_TIERS.map((tier) => [
        tier,
        {
          threshold: toUsdtString(parseUsdt(input.tiers[tier].threshold.trim())),
          discountBp: input.tiers[tier].discountBp,
        },
      ]),
    );
    return this.savePlatformSetting(principal, meta, 'tiers', input.version, value);
  }

  private async savePlatformSetting<K extends 'commission' | 'sla' | 'tiers'>(
    principal: Principal,
    meta: RequestMeta,
    key: K,
    expected: number,
    value: object,
  ) {
    return this.save(async (tx) => {
      await this.deps.platform.row(key, tx);
      const row = (await repo.lockPlatformSetting(tx, key))!;
      if (row.version !== expected) throw await this.conflict(tx);
      const version = row.version + 1;
      await repo.updatePlatformSetting(tx, key, { value, version, updatedBy: principal.user.id });
      await this.recordSave(tx, principal, meta, {
        kind: key,
        version,
        before: row.value as object,
        after: value,
      });
    });
  }

  async history(query: Required<Pick<SettingsHistoryQuery, 'page' | 'pageSize'>>) {
    const page = Number(query.page);
    const pageSize = Number(query.pageSize);
    const { rows, total } = await repo.listSettingsVersions(this.deps.db, page, pageSize);
    const data: SettingsVersion[] = rows.map((row) => ({
      id: row.id.toString(),
      kind: row.kind as SettingsKind,
      version: row.version,
      at: row.createdAt.toISOString(),
      changedBy:
        row.changedBy || row.changedByName
          ? { id: row.changedBy, name: row.changedByName ?? '' }
          : null,
      before: (row.before as Record<string, unknown> | null) ?? null,
      after: row.after as Record<string, unknown>,
    }));
    return { data, meta: { page, pageSize, total } };
  }
}
