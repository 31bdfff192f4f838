import type { HistoryPageMeta } from '@crimsonhost/shared/envelope';

/** The answer of a history list (GET /api/wallet/transactions, /api/rentals) holding `items`. */
export function historyPage<T>(items: T[], meta: Partial<HistoryPageMeta> = {}) {
  return {
    data: items,
    meta: {
      page: 1,
      pageSize: 20,
      total: items.length,
      totalExact: true,
      nextCursor: null,
      ...meta,
    },
  };
}
