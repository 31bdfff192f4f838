import { toUsdtString } from '@crimsonhost/shared/money';
import type { Executor } from '../../db/client';
import { walletTransactions } from '../../db/schema/wallet';
import { AppError } from '../../lib/errors';
import {
  accountBalance,
  cachedBalances,
  escrow,
  InsufficientFundsError,
  netPostings,
  platformRevenue,
  postLedgerTransaction,
  userCredit,
  userWallet,
  type Posting,
} from '../wallet/ledger.service';
import type { RentalRow } from './rentals.repository';

/**
 * How a rental's money moves between the renter and escrow (decision 044): payments take platform
 * credit first, then USDT; refunds give USDT back up to what the renter paid in USDT and the rest
 * as credit, so credit never turns into USDT. Credit is the platform's promise: when it pays for a
 * rental the platform pays escrow in USDT from its revenue and takes the credit back, in the same
 * ledger transaction (balanced in each currency).
 */

export interface PaymentSplit {
  /** Paid with platform credit. */
  credit: bigint;
  /** Paid from the USDT wallet. */
  usdt: bigint;
}

const plural = (n: bigint | number, word: string) => `${n} ${word}${n == 1 ? '' : 's'}`;

export const insufficientFunds = (total: bigint, wallet: bigint, credit: bigint) =>
  new AppError('INSUFFICIENT_FUNDS', 422, 'Your wallet balance does not cover this rental', {
    total: toUsdtString(total),
    balance: toUsdtString(wallet + credit),
    credit: toUsdtString(credit),
    shortfall: toUsdtString(total - wallet - credit),
  });

/** Credit first, then USDT; refused when the two together do not cover `amount`. */
export async function splitPayment(
  tx: Executor,
  renterId: string,
  amount: bigint,
): Promise<PaymentSplit> {
  const [credit, wallet] = await cachedBalances(tx, [userCredit(renterId), userWallet(renterId)]);
  const fromCredit = credit < amount ? credit : amount;
  if (wallet < amount - fromCredit) throw insufficientFunds(amount, wallet, credit);
  return { credit: fromCredit, usdt: amount - fromCredit };
}

/**
 * Pays `split` into the rental's escrow under `reference` and writes the renter's timeline rows:
 * one in USDT and one in PLATFORM credit for the parts that are not zero. A tier `discount` is
 * paid into escrow beside it from the platform's revenue (decision 049), so escrow holds the list
 * price and the vendor's share is what it would be without the discount.
 */
export async function postPayment(
  tx: Executor,
  rental: Pick<RentalRow, 'renterId' | 'vendorId'>,
  split: PaymentSplit,
  reference: string,
  description: string,
  discount = 0n,
) {
  const total = split.credit + split.usdt;
  const postings: Posting[] = [
    { account: escrow(rental.vendorId), amount: total + discount },
    { account: userWallet(rental.renterId), amount: -split.usdt },
    { account: platformRevenue('USDT'), amount: -split.credit - discount },
    { account: userCredit(rental.renterId), amount: -split.credit },
    { account: platformRevenue('PLATFORM'), amount: split.credit },
  ];
  try {
    await postLedgerTransaction(tx, {
      kind: 'RENTAL_PAYMENT',
      reference,
      postings: netPostings(postings),
    });
  } catch (error) {
    // Spent meanwhile by another payment: the row lock saw less than was read.
    if (error instanceof InsufficientFundsError) {
      const wallet = await accountBalance(tx, userWallet(rental.renterId));
      const credit = await accountBalance(tx, userCredit(rental.renterId));
      throw insufficientFunds(total, wallet, credit);
    }
    throw error;
  }
  await writeTimeline(tx, rental.renterId, split, {
    type: 'RENTAL_PAYMENT',
    status: 'PENDING',
    reference,
    description,
    creditDescription: `${description}, paid with platform credit`,
  });
}

/** A refund's parts: back to the renter in USDT and credit, and the discount's share. */
export interface RefundSplit extends PaymentSplit {
  /** Back to the platform's revenue: the share of the tier discount it paid (decision 049). */
  discount: bigint;
}

type RefundedRental = Pick<
  RentalRow,
  'paid' | 'paidCredit' | 'paidDiscount' | 'refunded' | 'refundedCredit' | 'refundedDiscount'
>;

/**
 * Where a refund of `amount` (list price: escrow holds it) goes. The platform takes back the tier
 * discount's share of it, in proportion to what it paid of the rental (rounded down, the renter
 * keeping the rounding), never more than it has not had back, and all of it once the renter has
 * had back everything they paid. Of the renter's part: the USDT wallet up to what they paid in
 * USDT and have not had back, the rest back to platform credit.
 */
export function refundSplit(rental: RefundedRental, amount: bigint): RefundSplit {
  const discountLeft = rental.paidDiscount - rental.refundedDiscount;
  const renterLeft =
    rental.paid - rental.paidDiscount - (rental.refunded - rental.refundedDiscount);
  const proportional = rental.paid > 0n ? (amount * rental.paidDiscount) / rental.paid : 0n;
  const needed = amount - renterLeft;
  let discount = proportional > needed ? proportional : needed;
  if (discount > discountLeft) discount = discountLeft;
  if (discount < 0n) discount = 0n;
  const renter = amount - discount;
  const usdtLeft =
    rental.paid -
    rental.paidDiscount -
    rental.paidCredit -
    (rental.refunded - rental.refundedDiscount - rental.refundedCredit);
  const usdt = renter < usdtLeft ? renter : usdtLeft > 0n ? usdtLeft : 0n;
  return { usdt, credit: renter - usdt, discount };
}

/**
 * Refunds `amount` of a rental from `sources` (escrow, or the vendor's pending money and the
 * commission; negative postings summing to -amount) as one ledger transaction of kind REFUND:
 * the renter's part to them, the discount's share back to platform revenue; and writes the
 * renter's timeline rows. Answers the split, for the rental's record.
 */
export async function postRefund(
  tx: Executor,
  rental: Pick<RentalRow, 'renterId'> & RefundedRental,
  amount: bigint,
  sources: Posting[],
  reference: string,
  description: string,
): Promise<RefundSplit> {
  const split = refundSplit(rental, amount);
  await postLedgerTransaction(tx, {
    kind: 'REFUND',
    reference,
    postings: netPostings([
      ...sources,
      { account: userWallet(rental.renterId), amount: split.usdt },
      { account: platformRevenue('USDT'), amount: split.credit + split.discount },
      { account: platformRevenue('PLATFORM'), amount: -split.credit },
      { account: userCredit(rental.renterId), amount: split.credit },
    ]),
  });
  await writeTimeline(tx, rental.renterId, split, {
    type: 'REFUND',
    status: 'CONFIRMED',
    reference,
    description,
    creditDescription: `${description}, back as platform credit`,
  });
  return split;
}

/** What a refund of `amount` now gives the renter (USDT and credit): the rest is the discount's. */
export const renterShareOfRefund = (rental: RefundedRental, amount: bigint) =>
  amount - refundSplit(rental, amount).discount;

/**
 * The renter's timeline rows of a movement split between USDT and credit: one per currency that
 * moved, the credit's under `<reference>:credit` (each timeline reference is unique).
 */
async function writeTimeline(
  tx: Executor,
  renterId: string,
  split: PaymentSplit,
  row: {
    type: 'RENTAL_PAYMENT' | 'REFUND';
    status: 'PENDING' | 'CONFIRMED';
    reference: string;
    description: string;
    creditDescription: string;
  },
) {
  const common = { userId: renterId, type: row.type, status: row.status };
  const rows = [];
  if (split.usdt > 0n) {
    rows.push({
      ...common,
      amount: split.usdt,
      currency: 'USDT',
      description: row.description,
      reference: row.reference,
    });
  }
  if (split.credit > 0n) {
    rows.push({
      ...common,
      amount: split.credit,
      currency: 'PLATFORM',
      description: row.creditDescription,
      reference: `${row.reference}:credit`,
    });
  }
  if (rows.length > 0) await tx.insert(walletTransactions).values(rows);
}

/** "Refund of 3 unused hours", for the timeline. */
export const hoursRefunded = (hours: bigint, what: string) =>
  `Refund of ${plural(hours, `${what ? `${what} ` : ''}hour`)}`;
