import type { LedgerCheck } from '@crimsonhost/shared/ledger-admin';
import type { Database } from '../../db/client';
import { checkTheBooks } from './ledger-check.service';

const number = (value: number) => value.toLocaleString('en-US');

/** The check in lines for a terminal: what was checked, the sums, then each violation. */
export function describeCheck(check: LedgerCheck): string[] {
  const { figures } = check;
  const sums: Array<[string, string]> = [
    ['User wallets', `${figures.userWallets} USDT`],
    ['Platform credit', `${figures.platformCredit} PLATFORM`],
    ['Escrow', `${figures.escrow} USDT`],
    ['Held by active rentals', `${figures.heldByActiveRentals} USDT`],
    ['Vendors pending', `${figures.vendorPending} USDT`],
    ['Vendors available', `${figures.vendorAvailable} USDT`],
    ['Vendors payout pending', `${figures.vendorPayoutPending} USDT`],
    ['Platform revenue', `${figures.platformRevenue} USDT`],
    ['Chain clearing', `${figures.chainClearing} USDT`],
    ['PayPal clearing', `${figures.paypalClearing} USDT`],
    ['Owed by users', `${figures.owedByUsers} USDT`],
    ['Held in PayPal disputes', `${figures.heldInDisputes} USDT`],
    ['Credited transfers', `${figures.creditedTransferAmount} USDT`],
  ];
  const width = Math.max(...sums.map(([label]) => label.length));
  const lines = [
    `Checked ${number(figures.transactions)} ledger transactions (${number(figures.entries)} entries), ` +
      `${number(figures.accounts)} accounts (${number(figures.userAccounts)} of users), ` +
      `${number(figures.rentals)} rentals (${number(figures.activeRentals)} active), ` +
      `${number(figures.depositCredits)} deposit credits and ${number(figures.creditedTransfers)} ` +
      `credited chain transfers in ${number(check.durationMs)} ms.`,
    ...sums.map(([label, value]) => `  ${label.padEnd(width)}  ${value.padStart(24)}`),
  ];
  if (check.ok) return [...lines, 'The books balance.'];
  lines.push(
    `The books do not balance: ${number(check.found)} violation${check.found === 1 ? '' : 's'}` +
      (check.found > check.violations.length ? ` (${check.violations.length} listed)` : '') +
      '.',
  );
  for (const violation of check.violations) {
    lines.push(`- ${violation.kind}: ${violation.message}`);
    if (violation.ids.length > 0) lines.push(`    ids: ${violation.ids.join(', ')}`);
  }
  return lines;
}

/**
 * `npm run ledger:check` once the database is open: prints the check and answers the exit code,
 * 0 when the books balance and 1 on any violation.
 */
export async function runLedgerCheck(db: Database, write: (line: string) => void) {
  const check = await checkTheBooks(db);
  for (const line of describeCheck(check)) write(line);
  return check.ok ? 0 : 1;
}
