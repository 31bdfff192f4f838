import { z } from 'zod';
import { tierRulesSchema } from './benefits';
import { pageEnvelope, pageNumberSchema, pageSizeSchema } from './envelope';
import { isUsdtAmount, parseUsdt } from './money';
import { TICKET_PRIORITIES, type TicketPriority } from './support';
import { networkSchema } from './wallet';

/**
 * The staff area's Settings (issue 15 point 6): the deposit config, the rental commission and the
 * support centre's SLA targets. Each kind is saved whole with the version it was read at; a save
 * over a newer version answers 409 CONFLICT with the current settings in `details.current`.
 */

export const SETTINGS_KINDS = ['deposits', 'commission', 'sla', 'tiers'] as const;
export type SettingsKind = (typeof SETTINGS_KINDS)[number];
export const SETTINGS_KIND_LABELS: Record<SettingsKind, string> = {
  deposits: 'Deposits',
  commission: 'Rental commission',
  sla: 'Support SLA',
  tiers: 'Benefits tiers',
};

export const MAX_DEPOSIT_FEE_PERCENT = 20;
export const CONFIRMATIONS_RANGE = { min: 1, max: 1000 } as const;
export const COMMISSION_RANGE = { min: 0, max: 5000 } as const;
export const SLA_HOURS_RANGE = { min: 1, max: 720 } as const;
/** The SLA priorities from the most pressing: each may not take longer than the next. */
export const SLA_ORDER = ['URGENT', 'HIGH', 'NORMAL', 'LOW'] as const satisfies TicketPriority[];

const versionSchema = z
  .number({ message: 'version must be a number' })
  .int('version must be a whole number')
  .min(0, 'version must be 0 or more');

const usdtInput = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .refine(isUsdtAmount, `${label} must be a number with at most 6 decimals`);

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

/** A fee percent with at most two decimals, 0 to 20: '0.5', '1.00'. */
export const feePercentSchema = z
  .string({ message: 'Fee is required' })
  .trim()
  .regex(/^\d{1,2}(\.\d{1,2})?$/, 'Fee must be a percent with at most 2 decimals')
  .refine(
    (value) => Number(value) <= MAX_DEPOSIT_FEE_PERCENT,
    `Fee must be between 0 and ${MAX_DEPOSIT_FEE_PERCENT} %`,
  );

export const depositNetworkSettingsInputSchema = z.object({
  network: networkSchema,
  enabled: z.boolean({ message: 'enabled must be true or false' }),
  feePercent: feePercentSchema,
  confirmations: wholeNumber('Confirmations', CONFIRMATIONS_RANGE.min, CONFIRMATIONS_RANGE.max),
  processingTime: z
    .string({ message: 'Processing time is required' })
    .trim()
    .min(1, 'Processing time is required')
    .max(60, 'Processing time must be at most 60 characters'),
  color: z
    .string({ message: 'Colour is required' })
    .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be #RRGGBB, e.g. #627EEA'),
});
export type DepositNetworkSettingsInput = z.input<typeof depositNetworkSettingsInputSchema>;

export const depositSettingsRequestSchema = z
  .object({
    version: versionSchema,
    minAmount: usdtInput('Minimum'),
    /** null: no maximum of its own (inputs still stop at the storefront's input limit). */
    maxAmount: usdtInput('Maximum').nullable(),
    defaultNetwork: networkSchema,
    networks: z.array(depositNetworkSettingsInputSchema).min(1, 'List the networks'),
  })
  .superRefine((value, ctx) => {
    if (
      value.maxAmount !== null &&
      isUsdtAmount(value.minAmount) &&
      isUsdtAmount(value.maxAmount) &&
      parseUsdt(value.minAmount) > parseUsdt(value.maxAmount)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxAmount'],
        message: 'Maximum must be at least the minimum',
      });
    }
    const seen = new Set<string>();
    value.networks.forEach((row, index) => {
      if (seen.has(row.network)) {
        ctx.addIssue({
          code: 'custom',
          path: ['networks', index, 'network'],
          message: `${row.network} is listed twice`,
        });
      }
      seen.add(row.network);
    });
    if (!value.networks.some((row) => row.enabled)) {
      ctx.addIssue({
        code: 'custom',
        path: ['networks'],
        message: 'At least one network must be enabled',
      });
    }
    const chosen = value.networks.find((row) => row.network === value.defaultNetwork);
    if (!chosen?.enabled) {
      ctx.addIssue({
        code: 'custom',
        path: ['defaultNetwork'],
        message: 'The default network must be enabled',
      });
    }
  });
export type DepositSettingsRequest = z.input<typeof depositSettingsRequestSchema>;

export const commissionRequestSchema = z.object({
  version: versionSchema,
  /** The platform's share of a rental's release: 1000 = 10 %. */
  basisPoints: wholeNumber('Commission', COMMISSION_RANGE.min, COMMISSION_RANGE.max),
});
export type CommissionRequest = z.input<typeof commissionRequestSchema>;

const slaHoursSchema = z.object(
  Object.fromEntries(
    TICKET_PRIORITIES.map((priority) => [
      priority,
      wholeNumber(`${priority} hours`, SLA_HOURS_RANGE.min, SLA_HOURS_RANGE.max),
    ]),
  ) as Record<TicketPriority, z.ZodNumber>,
);
export type SlaHoursSettings = z.infer<typeof slaHoursSchema>;

export const slaRequestSchema = z
  .object({ version: versionSchema, hours: slaHoursSchema })
  .superRefine((value, ctx) => {
    SLA_ORDER.slice(1).forEach((priority, index) => {
      const before = SLA_ORDER[index]!;
      if (value.hours[before] > value.hours[priority]) {
        ctx.addIssue({
          code: 'custom',
          path: ['hours', priority],
          message: `${priority} hours must be at least the ${before} hours (${value.hours[before]})`,
        });
      }
    });
  });
export type SlaRequest = z.input<typeof slaRequestSchema>;

/** Who saved a kind of settings last and when; null before anyone did (values from the start). */
export const settingsStampSchema = z.object({
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type SettingsStamp = z.infer<typeof settingsStampSchema>;

export const depositSettingsSchema = settingsStampSchema.extend({
  minAmount: z.string(),
  maxAmount: z.string().nullable(),
  defaultNetwork: networkSchema,
  networks: z.array(
    depositNetworkSettingsInputSchema.extend({ displayName: z.string(), feePercent: z.string() }),
  ),
});
export type DepositSettings = z.infer<typeof depositSettingsSchema>;

export const commissionSettingsSchema = settingsStampSchema.extend({
  basisPoints: z.number().int(),
});
export type CommissionSettings = z.infer<typeof commissionSettingsSchema>;

export const slaSettingsSchema = settingsStampSchema.extend({ hours: slaHoursSchema });
export type SlaSettings = z.infer<typeof slaSettingsSchema>;

export const tiersSettingsSchema = settingsStampSchema.extend({ tiers: tierRulesSchema });
export type TiersSettings = z.infer<typeof tiersSettingsSchema>;

export const adminSettingsSchema = z.object({
  deposits: depositSettingsSchema,
  commission: commissionSettingsSchema,
  sla: slaSettingsSchema,
  tiers: tiersSettingsSchema,
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

export const settingsVersionSchema = z.object({
  id: z.string(),
  kind: z.enum(SETTINGS_KINDS),
  version: z.number().int(),
  at: z.string(),
  changedBy: z.object({ id: z.uuid().nullable(), name: z.string() }).nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()),
});
export type SettingsVersion = z.infer<typeof settingsVersionSchema>;

export const settingsHistoryQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema,
});
export type SettingsHistoryQuery = z.input<typeof settingsHistoryQuerySchema>;

export const settingsHistoryPageSchema = pageEnvelope(settingsVersionSchema);
