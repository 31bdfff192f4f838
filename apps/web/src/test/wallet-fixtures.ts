import type { HistoryPageMeta } from '@crimsonhost/shared/envelope';
import {
  paymentStatusOf,
  type PayPalConfig,
  type PayPalPayment,
  type PaymentStatus,
} from '@crimsonhost/shared/paypal';
import { historyPage } from './history-page';
import type {
  DepositAddress,
  DepositConfig,
  DepositNetwork,
  DepositStatusView,
  Transaction,
  TransactionDetail,
  Wallet,
} from '@crimsonhost/shared/wallet';

import { parseSignedUsdt, toUsdtString } from '@crimsonhost/shared/money';

let next = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const ERC20_NETWORK: DepositNetwork = {
  id: 'ERC20',
  displayName: 'Ethereum (ERC20)',
  fee: '1.00',
  processingTime: 'About 3 minutes',
  confirmations: 12,
  color: '#627EEA',
  demo: true,
};
export const BEP20_NETWORK: DepositNetwork = {
  id: 'BEP20',
  displayName: 'BNB Smart Chain (BEP20)',
  fee: '0.50',
  processingTime: 'About 1 minute',
  confirmations: 15,
  color: '#F0B90B',
  demo: false,
};

/** GET /api/wallet/deposit-config as the API answers it. */
export function buildDepositConfig(overrides: Partial<DepositConfig> = {}): DepositConfig {
  return {
    minAmount: '10.000000',
    maxAmount: null,
    defaultNetwork: 'ERC20',
    networks: [ERC20_NETWORK, BEP20_NETWORK],
    paypal: null,
    ...overrides,
  };
}

/** PayPal as the deposit config offers it when configured: USD, 3.49% + 0.49 USD, sandbox. */
export function buildPayPalConfig(overrides: Partial<PayPalConfig> = {}): PayPalConfig {
  return {
    currency: 'USD',
    minAmount: '5.00',
    maxAmount: '1000.00',
    rate: '1',
    feePercent: '3.49',
    feeFixed: '0.49',
    sandbox: true,
    ...overrides,
  };
}

export const PAYPAL_ORDER_ID = '5O190127TN364715T';
export const PAYPAL_CAPTURE_ID = '3C679366HH908993F';
export const PAYPAL_APPROVE_URL = `https://www.sandbox.paypal.com/checkoutnow?token=${PAYPAL_ORDER_ID}`;

/**
 * A PayPal payment of 20.00 USD as the API answers it: 1.188 USDT fee (3.49% + 0.49), 18.812
 * USDT to the wallet. Waiting for the buyer's approval unless told otherwise.
 */
export function buildPayPalPayment(overrides: Partial<PayPalPayment> = {}): PayPalPayment {
  next += 1;
  const state = overrides.state ?? 'CREATED';
  return {
    transactionId: uuid(next),
    orderId: PAYPAL_ORDER_ID,
    captureId: null,
    state,
    paymentStatus: paymentStatusOf(state),
    currency: 'USD',
    value: '20.00',
    usdtAmount: '20.000000',
    fee: '1.188000',
    credit: '18.812000',
    refunded: '0.000000',
    reason: null,
    approveUrl: state === 'CREATED' ? PAYPAL_APPROVE_URL : null,
    createdAt: '2026-03-14T09:30:00.000Z',
    updatedAt: '2026-03-14T09:31:00.000Z',
    ...overrides,
  };
}

export const DEPOSIT_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

/** POST /api/wallet/deposits: expires 30 minutes from `now`. */
export function buildDepositAddress(
  overrides: Partial<DepositAddress> = {},
  now = Date.now(),
): DepositAddress {
  next += 1;
  return {
    address: DEPOSIT_ADDRESS,
    amount: '25.000000',
    network: 'ERC20',
    networkFee: '0.250000',
    confirmationsRequired: 12,
    expiresAt: new Date(now + 30 * 60_000).toISOString(),
    transactionId: uuid(next),
    ...overrides,
  };
}

/** GET /api/wallet/deposits/:id/status, waiting for the payment unless told otherwise. */
export function buildDepositStatus(
  deposit: DepositAddress,
  overrides: Partial<DepositStatusView> = {},
): DepositStatusView {
  return {
    transactionId: deposit.transactionId,
    status: 'pending',
    depositStatus: 'WAITING',
    network: deposit.network,
    address: deposit.address,
    requestedAmount: deposit.amount,
    receivedAmount: '0.000000',
    creditedAmount: '0.000000',
    fee: '0.000000',
    confirmations: 0,
    requiredConfirmations: deposit.confirmationsRequired,
    txHash: null,
    expiresAt: deposit.expiresAt,
    late: false,
    paid: 'none',
    errorMessage: null,
    ...overrides,
  };
}

export const TX_HASH = `0x${'ab'.repeat(32)}`;

/** The status once `deposit` was paid as asked and credited less 1%. */
export function confirmedStatus(
  deposit: DepositAddress,
  overrides: Partial<DepositStatusView> = {},
): DepositStatusView {
  return buildDepositStatus(deposit, {
    status: 'confirmed',
    depositStatus: 'CONFIRMED',
    receivedAmount: '25.000000',
    creditedAmount: '24.750000',
    fee: '0.250000',
    confirmations: 12,
    txHash: TX_HASH,
    paid: 'exact',
    ...overrides,
  });
}

export function buildWallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    usdt: { available: '1250.500000', held: '30.000000' },
    platformCredit: { available: '5.000000' },
    pendingDeposits: 1,
    ...overrides,
  };
}

/**
 * A transaction as the API lists it: a confirmed 25 USDT deposit credited less 1% unless told
 * otherwise. Without a `balanceChange`, it is worked out as the ledger would post it: nothing for a
 * deposit not credited yet, the amount less the fee in, a rental payment's amount out.
 */
export function buildTransaction(overrides: Partial<Transaction> = {}): Transaction {
  next += 1;
  const base: Transaction = {
    id: uuid(next),
    type: 'DEPOSIT',
    status: 'CONFIRMED',
    timelineStatus: 'CONFIRMED',
    amount: '25.000000',
    fee: '0.250000',
    balanceChange: '24.750000',
    currency: 'USDT',
    description: 'Deposit via Ethereum (ERC20)',
    reference: null,
    network: null,
    paymentMethod: null,
    paymentStatus: null,
    createdAt: '2026-03-14T09:30:00.000Z',
    ...overrides,
  };
  // A deposit says how it was paid (on which network, in crypto) and where its payment stands;
  // other types say nothing.
  if (base.type === 'DEPOSIT') {
    base.paymentMethod = overrides.paymentMethod ?? 'crypto';
    base.paymentStatus = overrides.paymentStatus ?? depositPaymentStatusOf(base.timelineStatus);
    if (overrides.network === undefined && base.paymentMethod === 'crypto') base.network = 'ERC20';
  }
  if (overrides.balanceChange !== undefined) return base;
  const type = base.type;
  const fee = overrides.fee ?? (type === 'DEPOSIT' ? base.fee : '0.000000');
  const moved =
    type === 'DEPOSIT' && base.status !== 'CONFIRMED'
      ? 0n
      : parseSignedUsdt(base.amount) - parseSignedUsdt(fee);
  const change = type === 'RENTAL_PAYMENT' ? -moved : moved;
  return { ...base, fee, balanceChange: toUsdtString(change) };
}

function depositPaymentStatusOf(status: Transaction['timelineStatus']): PaymentStatus {
  switch (status) {
    case 'CONFIRMED':
      return 'completed';
    case 'FAILED':
    case 'EXPIRED':
      return 'failed';
    case 'WAITING':
    case 'PENDING':
      return 'pending';
  }
}

export function buildTransactionDetail(
  overrides: Partial<TransactionDetail> = {},
): TransactionDetail {
  return {
    ...buildTransaction(),
    fee: '0.250000',
    network: 'ERC20',
    address: DEPOSIT_ADDRESS,
    txHash: TX_HASH,
    confirmations: 12,
    requiredConfirmations: 12,
    errorMessage: null,
    updatedAt: '2026-03-14T09:34:00.000Z',
    deposit: {
      status: 'CONFIRMED',
      expiresAt: '2026-03-14T10:00:00.000Z',
      requestedAmount: '25.000000',
      receivedAmount: '25.000000',
      paid: 'exact',
      late: false,
      cancelledAt: null,
    },
    paypal: null,
    ...overrides,
  };
}

/**
 * A PayPal deposit's detail as the API answers it: no network, address, hash or crypto deposit;
 * `paypal` holds the payment (`buildPayPalPayment(payment)`), its figures those of the transaction.
 */
export function buildPayPalTransactionDetail(
  payment: Partial<PayPalPayment> = {},
  overrides: Partial<TransactionDetail> = {},
): TransactionDetail {
  const paypal = buildPayPalPayment(payment);
  const credited = paypal.paymentStatus === 'completed';
  const timelineStatus =
    paypal.paymentStatus === 'completed' || paypal.paymentStatus === 'refunded'
      ? 'CONFIRMED'
      : paypal.paymentStatus === 'failed'
        ? paypal.state === 'FAILED'
          ? 'FAILED'
          : 'EXPIRED'
        : paypal.state === 'PENDING'
          ? 'PENDING'
          : 'WAITING';
  return {
    ...buildTransaction({
      id: paypal.transactionId,
      amount: paypal.usdtAmount,
      fee: paypal.fee,
      balanceChange: credited ? paypal.credit : '0.000000',
      status:
        timelineStatus === 'CONFIRMED'
          ? 'CONFIRMED'
          : timelineStatus === 'WAITING' || timelineStatus === 'PENDING'
            ? 'PENDING'
            : 'FAILED',
      timelineStatus,
      description: 'Deposit via PayPal',
      paymentMethod: 'paypal',
      paymentStatus: paypal.paymentStatus,
      createdAt: paypal.createdAt,
    }),
    network: null,
    address: null,
    txHash: null,
    confirmations: null,
    requiredConfirmations: 0,
    errorMessage: paypal.reason,
    updatedAt: paypal.updatedAt,
    deposit: null,
    paypal,
    ...overrides,
  };
}

export const transactionPage = (transactions: Transaction[], meta: Partial<HistoryPageMeta> = {}) =>
  historyPage(transactions, meta);
