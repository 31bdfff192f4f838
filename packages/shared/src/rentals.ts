import { z } from 'zod';
import { regionRefSchema } from './catalog';
import { DEFAULT_PAGE_SIZE, MAX_RENTAL_HOURS, TABLE_PAGE_SIZES } from './constants';

// Pages that only bound the hours need not load the rentals' schemas for it.
export { MAX_RENTAL_HOURS };
import { historyCursorSchema, historyPageEnvelope, pageNumberSchema } from './envelope';
import { isUsdtAmount } from './money';
import { amountSchema } from './wallet-balances';
import { disputeSchema } from './disputes';

export const RENTAL_STATUSES = ['ACTIVE', 'EXPIRED', 'CANCELLED'] as const;
/** `unknown`: the panel was never read and did not answer while the page waited for it. */
export const RUN_STATES = [
  'starting',
  'running',
  'stopping',
  'stopped',
  'error',
  'unknown',
] as const;
export const POWER_SIGNALS = ['start', 'stop', 'restart'] as const;

export type RentalStatus = (typeof RENTAL_STATUSES)[number];
export type RunState = (typeof RUN_STATES)[number];
export type PowerSignal = (typeof POWER_SIGNALS)[number];

export const hoursSchema = z
  .number({ message: 'Hours must be a whole number' })
  .int('Hours must be a whole number')
  .min(1, 'Rent for at least 1 hour')
  .max(MAX_RENTAL_HOURS, `Rent for at most ${MAX_RENTAL_HOURS} hours (30 days)`);

/**
 * The total the renter confirmed (USDT, after the tier discount): a payment that would now cost
 * more answers 409 PRICE_CHANGED with the new price, never charges it. Left out, the price now.
 */
const expectedTotalSchema = z
  .string({ message: 'expectedTotal must be an amount' })
  .trim()
  .refine(isUsdtAmount, 'expectedTotal must be a number with at most 6 decimals')
  .optional();

export const createRentalRequestSchema = z.object({
  serverId: z.string({ message: 'serverId is required' }).min(1, 'serverId is required'),
  hours: hoursSchema,
  expectedTotal: expectedTotalSchema,
});
export type CreateRentalRequest = z.infer<typeof createRentalRequestSchema>;

export const extendRentalRequestSchema = z.object({
  hours: hoursSchema,
  expectedTotal: expectedTotalSchema,
});
export const powerRequestSchema = z.object({
  signal: z.enum(POWER_SIGNALS, { message: 'signal must be start, stop or restart' }),
});

export const runStateSchema = z.object({
  state: z.enum(RUN_STATES),
  checkedAt: z.string(),
  ageSeconds: z.number().int(),
  detail: z.string().nullable(),
});
export type RunStateView = z.infer<typeof runStateSchema>;

export const rentalSchema = z.object({
  id: z.uuid(),
  status: z.enum(RENTAL_STATUSES),
  server: z.object({
    id: z.uuid(),
    name: z.string(),
    game: z.string(),
    region: regionRefSchema,
  }),
  hours: z.number().int(),
  pricePerHour: amountSchema,
  /** What the renter paid (USDT and platform credit), after the tier discount. */
  paid: amountSchema,
  /** The tier discount the platform paid towards this rental, out of its commission. */
  discount: amountSchema,
  refunded: amountSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  endedAt: z.string().nullable(),
  /** Seconds until the end while ACTIVE, else 0. */
  secondsLeft: z.number().int(),
  /** What a cancellation now would return: the unused whole hours. */
  refundIfCancelled: amountSchema,
  /** Where to connect: only while ACTIVE. */
  connection: z.object({ host: z.string(), port: z.number().int() }).nullable(),
  /**
   * Read from the server's panel while ACTIVE (also in the answers of rent and extend, after
   * the money has moved); null when the rental is not ACTIVE or its server has no panel.
   */
  runState: runStateSchema.nullable(),
  /** The rental's latest dispute, open or decided; null when it has none. */
  dispute: disputeSchema.nullable(),
  /**
   * Until when a dispute can be opened (DISPUTE_WINDOW_DAYS after the end); null once that has
   * passed or while a dispute is open.
   */
  disputeUntil: z.string().nullable(),
  /** Messages from the vendor in the rental's thread that I have not read. */
  unreadMessages: z.number().int().min(0),
});
export type Rental = z.infer<typeof rentalSchema>;

export const rentalListQuerySchema = z.object({
  status: z.enum(RENTAL_STATUSES).optional(),
  /** Only rentals of this server: lets a server's page say that the visitor is renting it. */
  serverId: z.uuid({ message: 'serverId must be a server id' }).optional(),
  page: pageNumberSchema.default(1),
  pageSize: z.coerce
    .number()
    .refine((value) => (TABLE_PAGE_SIZES as readonly number[]).includes(value), {
      message: `pageSize must be one of ${TABLE_PAGE_SIZES.join(', ')}`,
    })
    .default(DEFAULT_PAGE_SIZE),
  /** Where the page starts: the `nextCursor` of the page before; without it `page` counts. */
  after: historyCursorSchema.optional(),
});
export type RentalListQuery = z.input<typeof rentalListQuerySchema>;

export const rentalPageSchema = historyPageEnvelope(rentalSchema);
export type RentalPage = z.infer<typeof rentalPageSchema>;
