import { useMutation } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import type { Network } from '@crimsonhost/shared/constants';
import { depositAddressSchema, type DepositAddress } from '@crimsonhost/shared/wallet';
import { apiClient } from '../../../lib/api-client';

const depositAddressResponseSchema = dataEnvelope(depositAddressSchema);

export interface CreateDepositInput {
  /** The amount as typed, without grouping commas: '25', '1000.5'. */
  amount: string;
  network: Network;
  /** One per attempt: a retry of the same attempt replays the first answer, never a second address. */
  idempotencyKey: string;
}

export interface OpenedDeposit {
  deposit: DepositAddress;
  /**
   * The server's clock minus this device's, from the answer's Date header (0 without one), so the
   * countdown ends when the server expires the address even on a device whose clock is off.
   */
  clockOffsetMs: number;
}

/** The Date header counts whole seconds: a smaller difference is not worth correcting. */
const CLOCK_TOLERANCE_MS = 2000;

function clockOffsetOf(dateHeader: unknown): number {
  if (typeof dateHeader !== 'string') return 0;
  const serverNow = Date.parse(dateHeader);
  if (!Number.isFinite(serverNow)) return 0;
  const offset = serverNow - Date.now();
  return Math.abs(offset) < CLOCK_TOLERANCE_MS ? 0 : offset;
}

/** POST /api/wallet/deposits: a fresh address for this deposit, valid 30 minutes. */
export async function createDeposit({
  amount,
  network,
  idempotencyKey,
}: CreateDepositInput): Promise<OpenedDeposit> {
  const response = await apiClient.post<unknown>(
    '/wallet/deposits',
    { amount, network },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  const headers = response.headers as Record<string, unknown>;
  return {
    deposit: depositAddressResponseSchema.parse(response.data).data,
    clockOffsetMs: clockOffsetOf(headers.date),
  };
}

export function useCreateDeposit() {
  return useMutation({ mutationFn: createDeposit });
}
