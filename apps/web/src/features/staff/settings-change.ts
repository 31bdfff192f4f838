import type { SettingsKind } from '@crimsonhost/shared/admin-settings';
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
    case 'commission': {
      const show = (value: unknown) =>
        `${(Number(value) / 100).toFixed(2)} % (${String(value)} bp)`;
      lines = [
        line('Commission', before ? show(before.basisPoints) : null, show(after.basisPoints)),
      ];
      break;
    }
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
  }
  return lines.filter((text): text is string => text !== null);
}
