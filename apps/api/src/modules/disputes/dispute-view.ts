import type { Dispute, DisputeOutcome, DisputeReason } from '@crimsonhost/shared/disputes';
import { toUsdtString } from '@crimsonhost/shared/money';
import type { DisputeRow } from './disputes.repository';

/** A dispute as the API answers it. */
export function toDispute(row: DisputeRow): Dispute {
  return {
    id: row.id,
    rentalId: row.rentalId,
    ticketId: row.ticketId,
    reason: row.reason as DisputeReason,
    status: row.status as Dispute['status'],
    outcome: (row.outcome as DisputeOutcome | null) ?? null,
    openedAt: row.openedAt.toISOString(),
    vendorAnswerDueAt: row.vendorAnswerDueAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    refundHours: row.refundHours,
    refundAmount: toUsdtString(row.refundAmount),
    compensationAmount: toUsdtString(row.compensationAmount),
  };
}
