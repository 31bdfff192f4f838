import { formatUsdt } from '@crimsonhost/shared/money';

/** 0.0402 -> '4.0%': a rate (occupancy, uptime) as people read it, to one decimal. */
export function percentOf(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

/** '2026-11-21' -> '21 Nov': a day of the chart, read in UTC as the API counts it. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** '2026-11-21' -> '21 November 2026': the chart's table and its bars' tooltips. */
export function longDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** '3.375000' -> '3.38 USDT': an axis or summary figure (the table keeps the exact amount). */
export const roundedUsdt = (amount: string) => `${formatUsdt(amount)} USDT`;

/** '27 hours', '1 hour', '12.5 hours'. */
export function hoursText(hours: number): string {
  return `${hours.toLocaleString('en-US')} hour${hours === 1 ? '' : 's'}`;
}
