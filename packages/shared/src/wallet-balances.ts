import { z } from 'zod';

/**
 * A wallet's balances, on their own: the rent panel and the header read them on pages a visitor
 * may open first, so they do not bring the rest of the wallet's schemas (deposits, transactions,
 * PayPal) into that first visit. `wallet.ts` exports them too.
 */

/** A wire amount: a decimal string with six places, e.g. "25.000000". */
export const amountSchema = z.string().regex(/^-?\d+\.\d{6}$/);

export const walletSchema = z.object({
  usdt: z.object({ available: amountSchema, held: amountSchema }),
  platformCredit: z.object({ available: amountSchema }),
  pendingDeposits: z.number().int(),
});
export type Wallet = z.infer<typeof walletSchema>;
