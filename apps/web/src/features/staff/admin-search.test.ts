import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { readAuditSearch, toAuditQuery, writeAuditSearch } from './audit-search';
import { DEFAULT_USERS_SEARCH, readUsersSearch, writeUsersSearch } from './users-search';

const ACCOUNT = '60000000-0000-4000-8000-000000000042';

describe('the users list search', () => {
  it('reads and writes the search, role, status and page; the defaults stay out', () => {
    const text = 'q=ada&role=vendor&status=suspended&page=3&pageSize=50';
    const search = readUsersSearch(new URLSearchParams(text));
    expect(search).toEqual({
      q: 'ada',
      role: 'vendor',
      status: 'suspended',
      page: 3,
      pageSize: 50,
    });
    expect(writeUsersSearch(search).toString()).toBe(text);
    expect(writeUsersSearch(DEFAULT_USERS_SEARCH).toString()).toBe('');
  });

  it('drops what the API would refuse, so an edited link still opens', () => {
    expect(
      readUsersSearch(new URLSearchParams('q=%20%20&role=owner&status=gone&page=-1&pageSize=7')),
    ).toEqual(DEFAULT_USERS_SEARCH);
  });
});

describe('the audit log search', () => {
  it('reads and writes every filter and asks the API for whole local days', () => {
    const text = `action=user.penalised&actorId=${ACCOUNT}&target=ada&from=2026-11-01&to=2026-11-20&page=2`;
    const search = readAuditSearch(new URLSearchParams(text));
    expect(writeAuditSearch(search).toString()).toBe(text);
    expect(toAuditQuery(search)).toEqual({
      action: 'user.penalised',
      actorId: ACCOUNT,
      target: 'ada',
      from: dayjs('2026-11-01').startOf('day').toISOString(),
      to: dayjs('2026-11-20').endOf('day').toISOString(),
      page: 2,
      pageSize: 20,
    });
  });

  it('leaves out an unknown action, an actor that is not an id and a range the wrong way round', () => {
    const search = readAuditSearch(
      new URLSearchParams('action=user.deleted&actorId=me&from=2026-11-20&to=2026-11-01'),
    );
    expect(search).toEqual({ to: '2026-11-01', page: 1, pageSize: 20 });
  });
});
