import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUEUE_SEARCH,
  hasQueueFilters,
  readQueueSearch,
  writeQueueSearch,
} from './queue-search';

const read = (search: string) => readQueueSearch(new URLSearchParams(search));

describe('the queue search', () => {
  it('starts with the tickets not ended, soonest due first', () => {
    expect(read('')).toEqual(DEFAULT_QUEUE_SEARCH);
    expect(writeQueueSearch(DEFAULT_QUEUE_SEARCH).toString()).toBe('');
    expect(hasQueueFilters(DEFAULT_QUEUE_SEARCH)).toBe(false);
  });

  it('reads and writes every filter', () => {
    const text =
      'status=WAITING_SUPPORT&priority=HIGH&category=BILLING&assignee=me&overdue=true&q=lag&sort=created&page=3&pageSize=50';
    const query = read(text);
    expect(query).toMatchObject({
      status: 'WAITING_SUPPORT',
      priority: 'HIGH',
      category: 'BILLING',
      assignee: 'me',
      overdue: true,
      q: 'lag',
      sort: 'created',
      page: 3,
      pageSize: 50,
    });
    expect(writeQueueSearch(query).toString()).toBe(text);
    expect(hasQueueFilters(query)).toBe(true);
  });

  it('drops what the API would refuse', () => {
    expect(
      read('status=LOST&priority=x&assignee=bob&sort=name&page=-1&pageSize=7&overdue=yes&q=%20'),
    ).toEqual(DEFAULT_QUEUE_SEARCH);
    expect(read('assignee=60000000-0000-4000-8000-000000000001').assignee).toBe(
      '60000000-0000-4000-8000-000000000001',
    );
    expect(read('status=ALL').status).toBe('ALL');
  });
});
