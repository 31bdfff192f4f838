import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  hasWalletFilters,
  readWalletSearch,
  toTransactionQuery,
  writeWalletSearch,
} from './wallet-search';

describe('the wallet view in the URL', () => {
  it('reads every filter, the page and the page size', () => {
    const search = readWalletSearch(
      new URLSearchParams(
        'type=DEPOSIT&status=CONFIRMED&currency=USDT&from=2026-03-01&to=2026-03-31&page=2&pageSize=50',
      ),
    );
    expect(search).toEqual({
      type: 'DEPOSIT',
      status: 'CONFIRMED',
      currency: 'USDT',
      from: '2026-03-01',
      to: '2026-03-31',
      page: 2,
      pageSize: 50,
    });
    expect(writeWalletSearch(search).toString()).toBe(
      'type=DEPOSIT&status=CONFIRMED&currency=USDT&from=2026-03-01&to=2026-03-31&page=2&pageSize=50',
    );
  });

  it('leaves out what the API would refuse, and the defaults', () => {
    const search = readWalletSearch(
      new URLSearchParams('type=GIFT&status=done&from=2026-02-30&to=yesterday&page=0&pageSize=15'),
    );
    expect(search).toEqual({ page: 1, pageSize: 20 });
    expect(writeWalletSearch(search).toString()).toBe('');
  });

  it('drops a start after the end', () => {
    expect(readWalletSearch(new URLSearchParams('from=2026-04-02&to=2026-04-01'))).toEqual({
      to: '2026-04-01',
      page: 1,
      pageSize: 20,
    });
  });

  it('reads and writes the payment method, and asks the API by it', () => {
    const search = readWalletSearch(new URLSearchParams('method=paypal&type=DEPOSIT'));
    expect(search).toEqual({ method: 'paypal', type: 'DEPOSIT', page: 1, pageSize: 20 });
    expect(writeWalletSearch(search).toString()).toBe('type=DEPOSIT&method=paypal');
    expect(toTransactionQuery(search)).toEqual({
      method: 'paypal',
      type: 'DEPOSIT',
      page: 1,
      pageSize: 20,
    });
    expect(hasWalletFilters(search)).toBe(true);
    expect(readWalletSearch(new URLSearchParams('method=card'))).toEqual({ page: 1, pageSize: 20 });
  });

  it('asks the API for whole local days', () => {
    const query = toTransactionQuery({
      from: '2026-03-01',
      to: '2026-03-31',
      page: 1,
      pageSize: 20,
    });
    expect(query.from).toBe(dayjs('2026-03-01T00:00:00').toISOString());
    expect(query.to).toBe(dayjs('2026-03-31T23:59:59.999').toISOString());
  });
});
