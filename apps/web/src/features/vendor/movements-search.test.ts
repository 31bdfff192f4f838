import { describe, expect, it } from 'vitest';
import { readMovementsSearch, writeMovementsSearch } from './movements-search';

describe('the movements search in the URL', () => {
  it('reads the state, page and page size', () => {
    expect(readMovementsSearch(new URLSearchParams('state=PENDING&page=3&pageSize=50'))).toEqual({
      state: 'PENDING',
      page: 3,
      pageSize: 50,
    });
  });

  it('falls back to all states, the first page and 20 a page for what the API would refuse', () => {
    expect(readMovementsSearch(new URLSearchParams('state=PAID&page=-2&pageSize=7'))).toEqual({
      state: undefined,
      page: 1,
      pageSize: 20,
    });
    expect(readMovementsSearch(new URLSearchParams('page=1.5'))).toEqual({
      state: undefined,
      page: 1,
      pageSize: 20,
    });
  });

  it('leaves the defaults out, so the plain URL stays plain', () => {
    expect(writeMovementsSearch({ page: 1, pageSize: 20 }).toString()).toBe('');
    expect(
      writeMovementsSearch({ state: 'PAYOUT_PENDING', page: 2, pageSize: 100 }).toString(),
    ).toBe('state=PAYOUT_PENDING&page=2&pageSize=100');
  });
});
