import { describe, expect, it } from 'vitest';
import { DEPOSIT_STATUSES } from '@crimsonhost/shared/wallet';
import { specDepositStatus } from '../../src/modules/wallet/wallet.service';

describe("a stored deposit status in the spec's words (decision 029)", () => {
  it('answers CONFIRMING as WAITING and the others as they are', () => {
    expect(specDepositStatus('WAITING')).toBe('WAITING');
    expect(specDepositStatus('CONFIRMING')).toBe('WAITING');
    expect(specDepositStatus('CONFIRMED')).toBe('CONFIRMED');
    expect(specDepositStatus('EXPIRED')).toBe('EXPIRED');
    expect(specDepositStatus('FAILED')).toBe('FAILED');
  });

  it("answers only the spec's four statuses, and refuses a status it does not know", () => {
    expect(DEPOSIT_STATUSES).toEqual(['WAITING', 'CONFIRMED', 'EXPIRED', 'FAILED']);
    expect(() => specDepositStatus('SEEN')).toThrow('Unknown deposit status SEEN');
  });
});
