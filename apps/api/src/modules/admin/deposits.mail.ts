import { toUsdtString } from '@crimsonhost/shared/money';
import { paragraphMail, type QueuedMail } from '../../lib/mail-outbox';

/** What the owner of a deposit is told when staff credit a payment that came on the wrong network. */
export function handCreditMail(
  user: { email: string; displayName: string },
  payment: {
    paidOn: string;
    depositNetwork: string;
    address: string;
    /** What reached the wallet, after the network fee. */
    amount: bigint;
    txHash: string;
  },
): QueuedMail {
  const amount = toUsdtString(payment.amount).replace(/\.?0+$/, '');
  const paragraphs = [
    `Hello ${user.displayName},`,
    `A payment you sent on ${payment.paidOn} reached your ${payment.depositNetwork} deposit address ${payment.address}. Our watcher only credits payments on the network the address was given for, so staff checked it by hand.`,
    `${amount} USDT is now in your CrimsonHost wallet (after the ${payment.paidOn} network fee). Transaction: ${payment.txHash}`,
    'Next time, choose the network you pay on in the deposit dialog, so the payment is credited by itself within minutes.',
  ];
  return paragraphMail({
    to: user.email,
    subject: `${amount} USDT credited to your CrimsonHost wallet`,
    paragraphs,
    kind: 'deposit-hand-credit',
  });
}
