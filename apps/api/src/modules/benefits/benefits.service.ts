import {
  DEMOTION_GRACE_DAYS,
  DEMOTION_KEEP_PERCENT,
  LOYALTY_TIERS,
  QUALIFYING_WINDOW_DAYS,
  TIER_LABELS,
  keepThreshold,
  tierAbove,
  tierBelow,
  tierDiscount,
  tierForSpend,
  tierPerks,
  type BenefitsProgram,
  type LoyaltyTier,
  type MyBenefits,
  type TierRules,
} from '@crimsonhost/shared/benefits';
import { parseUsdt, toUsdtString } from '@crimsonhost/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail-outbox';
import { findUserById } from '../auth/auth.repository';
import type { PlatformSettings } from '../settings/platform-settings.service';
import { tierEndingMail, tierLoweredMail, tierReachedMail } from './benefits.mail';
import * as repo from './benefits.repository';

const DAY_MS = 86_400_000;
const rank = (tier: LoyaltyTier) => LOYALTY_TIERS.indexOf(tier);

/** What a payment costs the renter: the list price, the tier discount and what is left to pay. */
export interface PriceQuote {
  tier: LoyaltyTier;
  discountBp: number;
  listTotal: bigint;
  discount: bigint;
  total: bigint;
}

/**
 * Benefits tiers (issue 18, decision 049): the programme's rules (the staff area's Settings), each
 * renter's tier and why, the discount of a payment, promotion at the payment that reaches a tier,
 * and the daily recomputation that lowers a tier after the grace period.
 */
export class BenefitsService {
  constructor(
    private readonly deps: {
      db: Database;
      platform: PlatformSettings;
      publicUrl: string;
      log: FastifyBaseLogger;
      clock?: Clock;
    },
  ) {}

  private get clock() {
    return this.deps.clock ?? systemClock;
  }

  private get link() {
    return `${this.deps.publicUrl}/benefits`;
  }

  rules(db: Executor = this.deps.db): Promise<TierRules> {
    return this.deps.platform.current('tiers', db);
  }

  async program(): Promise<BenefitsProgram> {
    const rules = await this.rules();
    return {
      tiers: LOYALTY_TIERS.map((tier) => ({
        tier,
        threshold: toUsdtString(parseUsdt(rules[tier].threshold)),
        discountBp: rules[tier].discountBp,
        perks: tierPerks(tier),
      })),
      windowDays: QUALIFYING_WINDOW_DAYS,
      graceDays: DEMOTION_GRACE_DAYS,
      keepPercent: DEMOTION_KEEP_PERCENT,
    };
  }

  /** A renter's tier now (BRONZE without a row). */
  async tierOf(userId: string, db: Executor = this.deps.db): Promise<LoyaltyTier> {
    return ((await repo.readState(db, userId))?.tier as LoyaltyTier | undefined) ?? 'BRONZE';
  }

  /**
   * The discount a renter's next payment gets, in basis points: the tier's, never more than the
   * platform's commission, out of which the platform pays it (the vendor's share is unchanged).
   */
  async discountBp(db: Executor, userId: string) {
    const [tier, rules, commissionBp] = await Promise.all([
      this.tierOf(userId, db),
      this.rules(db),
      this.deps.platform.commissionBp(db),
    ]);
    return { tier, discountBp: Math.min(rules[tier].discountBp, commissionBp) };
  }

  /**
   * The price of a payment of `listTotal` now. With `expected` (the total the renter confirmed), a
   * price that became higher is refused with 409 PRICE_CHANGED and the new price: never charged.
   */
  async quote(
    tx: Executor,
    userId: string,
    listTotal: bigint,
    expected?: string,
  ): Promise<PriceQuote> {
    const { tier, discountBp } = await this.discountBp(tx, userId);
    const discount = tierDiscount(listTotal, discountBp);
    const quote = { tier, discountBp, listTotal, discount, total: listTotal - discount };
    if (expected !== undefined && quote.total > parseUsdt(expected)) {
      throw new AppError(
        'PRICE_CHANGED',
        409,
        `The price changed since you saw it: it is now ${toUsdtString(quote.total)} USDT. Check it and confirm again.`,
        {
          listTotal: toUsdtString(listTotal),
          discount: toUsdtString(discount),
          total: toUsdtString(quote.total),
          tier,
        },
      );
    }
    return quote;
  }

  /**
   * After a rental payment, inside its transaction: a spend that reaches a higher tier moves the
   * renter there at once (one or more steps), with a line in the history and a mail. The state row
   * is locked, so two payments at once promote once.
   */
  async afterPayment(tx: Executor, userId: string): Promise<void> {
    const now = this.clock.now();
    const [rules, { spend }] = await Promise.all([
      this.rules(tx),
      repo.qualifyingSpend(tx, userId, now),
    ]);
    const reached = tierForSpend(rules, spend);
    if (reached === 'BRONZE') return;
    const state = await repo.lockState(tx, userId);
    const current = state.tier as LoyaltyTier;
    if (rank(reached) <= rank(current)) {
      // Back at or above what keeps the tier: the grace period ends.
      if (state.belowSince && spend >= keepThreshold(rules, current)) {
        await repo.updateState(tx, userId, { belowSince: null, warnedAt: null });
      }
      return;
    }
    await this.moveTier(tx, userId, { from: current, to: reached, spend, now });
  }

  /**
   * Moves a locked renter from `from` to `to`: the state row, a line in the history and the mail
   * that says so (a higher tier: what it gives; a lower one: that it happened).
   */
  private async moveTier(
    tx: Executor,
    userId: string,
    move: { from: LoyaltyTier; to: LoyaltyTier; spend: bigint; now: Date; checkedOn?: string },
  ) {
    const promoted = rank(move.to) > rank(move.from);
    await repo.updateState(tx, userId, {
      tier: move.to,
      since: move.now,
      belowSince: null,
      warnedAt: null,
      ...(move.checkedOn ? { checkedOn: move.checkedOn } : {}),
    });
    await repo.insertChange(tx, {
      userId,
      fromTier: move.from,
      toTier: move.to,
      reason: promoted ? 'PROMOTED' : 'DEMOTED',
      spend: move.spend,
      at: move.now,
    });
    const user = await findUserById(tx, userId);
    if (!user) return;
    if (promoted) {
      const [rules, commissionBp] = await Promise.all([
        this.rules(tx),
        this.deps.platform.commissionBp(tx),
      ]);
      const bp = Math.min(rules[move.to].discountBp, commissionBp);
      await enqueueMail(tx, tierReachedMail(user, move.to, bp, this.link));
    } else {
      await enqueueMail(tx, tierLoweredMail(user, move, this.link));
    }
  }

  /** Where the signed-in renter stands, and why (the /benefits page). */
  async me(userId: string): Promise<MyBenefits> {
    const db = this.deps.db;
    const now = this.clock.now();
    const [state, rules, { spend, oldest }, changes, { discountBp }] = await Promise.all([
      repo.readState(db, userId),
      this.rules(db),
      repo.qualifyingSpend(db, userId, now),
      repo.changesOf(db, userId),
      this.discountBp(db, userId),
    ]);
    const tier = (state?.tier as LoyaltyTier | undefined) ?? 'BRONZE';
    const above = tierAbove(tier);
    const below = tierBelow(tier);
    const keep = keepThreshold(rules, tier);
    const threshold = above ? parseUsdt(rules[above].threshold) : 0n;
    const demotionFrom = state?.belowSince ?? (below && spend < keep ? now : null);
    return {
      tier,
      since: state?.since?.toISOString() ?? null,
      spend: toUsdtString(spend),
      discountBp,
      next: above
        ? {
            tier: above,
            threshold: toUsdtString(threshold),
            missing: toUsdtString(threshold > spend ? threshold - spend : 0n),
          }
        : null,
      leavesWindow: oldest
        ? {
            amount: toUsdtString(oldest.amount),
            on: new Date(oldest.at.getTime() + QUALIFYING_WINDOW_DAYS * DAY_MS).toISOString(),
          }
        : null,
      demotion:
        below && demotionFrom && spend < keep
          ? {
              keep: toUsdtString(keep),
              to: below,
              on: new Date(demotionFrom.getTime() + DEMOTION_GRACE_DAYS * DAY_MS).toISOString(),
            }
          : null,
      history: changes.map((change) => ({
        at: change.createdAt.toISOString(),
        from: change.fromTier as LoyaltyTier,
        to: change.toTier as LoyaltyTier,
        reason: change.reason as 'PROMOTED' | 'DEMOTED',
        spend: toUsdtString(change.spend),
      })),
    };
  }

  /**
   * The daily recomputation: each renter above BRONZE once a day (`checkedOn`), taken with
   * `FOR UPDATE SKIP LOCKED` so several instances share the queue and never look at one renter
   * twice. A spend below 80 % of the tier's threshold starts the grace period and mails the
   * renter the day the tier would drop; still below after 30 days, the tier drops one step (and
   * the next step's grace starts only if the spend is below that one's keep as well, at the next
   * day's run). A spend back at or above the keep ends the grace period. Promotions the rules'
   * lowering made possible happen here too. Answers how many renters were looked at.
   */
  async recompute(limit = 200): Promise<number> {
    const now = this.clock.now();
    const day = now.toISOString().slice(0, 10);
    let seen = 0;
    for (;;) {
      const done = await this.deps.db.transaction(async (tx) => {
        const states = await repo.lockDueStates(tx, day, 50);
        for (const state of states) await this.recomputeOne(tx, state, now, day);
        return states.length;
      });
      seen += done;
      if (done === 0 || seen >= limit) return seen;
    }
  }

  private async recomputeOne(tx: Executor, state: repo.LoyaltyStateRow, now: Date, day: string) {
    const rules = await this.rules(tx);
    const { spend } = await repo.qualifyingSpend(tx, state.userId, now);
    const current = state.tier as LoyaltyTier;
    const reached = tierForSpend(rules, spend);
    const keep = keepThreshold(rules, current);
    const below = tierBelow(current);
    if (rank(reached) > rank(current)) {
      await this.moveTier(tx, state.userId, {
        from: current,
        to: reached,
        spend,
        now,
        checkedOn: day,
      });
      return;
    }
    if (spend >= keep || !below) {
      await repo.updateState(tx, state.userId, {
        belowSince: null,
        warnedAt: null,
        checkedOn: day,
      });
      return;
    }
    const belowSince = state.belowSince ?? now;
    const dropsOn = new Date(belowSince.getTime() + DEMOTION_GRACE_DAYS * DAY_MS);
    if (dropsOn.getTime() <= now.getTime()) {
      await this.moveTier(tx, state.userId, {
        from: current,
        to: below,
        spend,
        now,
        checkedOn: day,
      });
      this.deps.log.info(
        { userId: state.userId, from: current, to: below },
        `benefits tier lowered to ${TIER_LABELS[below]}`,
      );
      return;
    }
    await repo.updateState(tx, state.userId, {
      belowSince,
      warnedAt: state.warnedAt ?? now,
      checkedOn: day,
    });
    const user = state.warnedAt ? null : await findUserById(tx, state.userId);
    if (user) {
      await enqueueMail(
        tx,
        tierEndingMail(user, { from: current, to: below, keep, spend, on: dropsOn }, this.link),
      );
    }
  }

  /** The daily recomputation as a job: looked for hourly, each renter taken once a day. */
  job() {
    return {
      name: 'benefits-recompute',
      intervalMs: 3_600_000,
      leaseMs: 600_000,
      run: async () => {
        const seen = await this.recompute(10_000);
        if (seen > 0) this.deps.log.info({ seen }, 'benefits tiers recomputed');
      },
    };
  }
}
