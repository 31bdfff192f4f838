import type { SettingsKind } from '@crimsonhost/shared/admin-settings';
import { LOYALTY_TIERS, TIER_LABELS } from '@crimsonhost/shared/benefits';
import { formatUsdt, isUsdtAmount } from '@crimsonhost/shared/money';

/**
 * What a save changes, in words: one line per setting that differs, "ERC20 fee: 1.00 % → 2.50 %".
 * Used for the confirmation before a save and for each version of the history; `before` and
 * `after` are the settings of one kind as the API keeps them (or as the form would send them).
 */
type Value = Record<string, unknown>;

const amount = (value: unknown) =>
  typeof value === 'string' && isUsdtAmount(value) ? `${formatUsdt(value)} USDT` : 'none';
const percent = (value: unknown) => `${Number(value).toFixed(2)} %`;
const hours = (value: unknown) => `${String(value)} h`;
const basisPoints = (value: unknown) =>
  `${(Number(value) / 100).toFixed(2)} % (${String(value)} bp)`;

const NETWORK_FIELDS: Array<[string, string, (value: unknown) => string]> = [
  ['enabled', 'enabled', (value) => (value ? 'yes' : 'no')],
  ['feePercent', 'fee', percent],
  ['confirmations', 'confirmations', String],
  ['processingTime', 'processing time', (value) => `“${String(value)}”`],
  ['color', 'colour', (value) => String(value).toUpperCase()],
];

function line(label: string, before: string | null, after: string): string | null {
  if (before === after) return null;
  return before === null ? `${label}: ${after}` : `${label}: ${before} → ${after}`;
}

function networksOf(value: Value | null): Map<string, Value> {
  const rows = Array.isArray(value?.networks) ? (value.networks as Value[]) : [];
  return new Map(rows.map((row) => [String(row.network), row]));
}

function depositLines(before: Value | null, after: Value): Array<string | null> {
  const lines = [
    line('Minimum', before ? amount(before.minAmount) : null, amount(after.minAmount)),
    line('Maximum', before ? amount(before.maxAmount) : null, amount(after.maxAmount)),
    line(
      'Default network',
      before ? String(before.defaultNetwork) : null,
      String(after.defaultNetwork),
    ),
  ];
  const old = networksOf(before);
  for (const [network, row] of networksOf(after)) {
    const was = old.get(network);
    for (const [field, label, show] of NETWORK_FIELDS) {
      lines.push(line(`${network} ${label}`, was ? show(was[field]) : null, show(row[field])));
    }
  }
  return lines;
}

/** Each tier's threshold and discount: "Silver threshold: 25.00 USDT → 30.00 USDT". */
function tierLines(before: Value | null, after: Value): Array<string | null> {
  // The history may keep the tiers themselves; the settings and a request wrap them in `tiers`.
  const of = (value: Value | null) => (value?.tiers ?? value) as Record<string, Value> | null;
  const [was, now] = [of(before), of(after)];
  return LOYALTY_TIERS.flatMap((tier) => {
    const [old, next] = [was?.[tier], now?.[tier]];
    if (!next) return [];
    const label = TIER_LABELS[tier];
    return [
      line(`${label} threshold`, old ? amount(old.threshold) : null, amount(next.threshold)),
      line(
        `${label} discount`,
        old ? basisPoints(old.discountBp) : null,
        basisPoints(next.discountBp),
      ),
    ];
  });
}

export function describeSettingsChange(
  kind: SettingsKind,
  before: Value | null,
  after: Value,
): string[] {
  let lines: Array<string | null>;
  switch (kind) {
    case 'deposits':
      lines = depositLines(before, after);
      break;
    case 'commission':
      lines = [
        line(
          'Commission',
          before ? basisPoints(before.basisPoints) : null,
          basisPoints(after.basisPoints),
        ),
      ];
      break;
    case 'sla': {
      // The history keeps the hours themselves; a request wraps them in `hours`.
      const of = (value: Value | null) => (value?.hours ?? value) as Value | null;
      lines = (['URGENT', 'HIGH', 'NORMAL', 'LOW'] as const).map((priority) =>
        line(
          `${priority[0]}${priority.slice(1).toLowerCase()} priority`,
          of(before) ? hours(of(before)![priority]) : null,
          hours(of(after)![priority]),
        ),
      );
      break;
    }
    case 'tiers':
      lines = tierLines(before, after);
      break;
  }
  return lines.filter((text): text is string => text !== null);
}
