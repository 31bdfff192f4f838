import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/auth-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { buildAdminUser, serveUsers } from '../test/admin-fixtures';
import { SUPPORT_USER } from '../test/desk-fixtures';
import { UsersPage } from './users-page';

const ada = buildAdminUser({ email: 'ada@example.com', displayName: 'Ada Renter' });
const vic = buildAdminUser({
  email: 'vic@vendor.example',
  displayName: 'Vic Vendor',
  role: 'vendor',
  status: 'suspended',
  suspendedUntil: '2026-11-27T09:00:00.000Z',
  statusReason: 'Chargeback under review',
  lastLoginAt: null,
});

function renderUsers(at = '/admin/users') {
  signIn(SUPPORT_USER);
  return renderInApp(<UsersPage />, { path: '/admin/users', at });
}

describe('the users list', () => {
  it('lists accounts with role, status and dates, each leading to its page', async () => {
    const { asked } = serveUsers([ada, vic], 2);
    renderUsers();
    expect(await screen.findByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
      'href',
      `/admin/users/${ada.id}`,
    );
    const row = screen.getByRole('link', { name: 'vic@vendor.example' }).closest('tr')!;
    expect(within(row).getByText('Vic Vendor')).toBeInTheDocument();
    expect(within(row).getByText('Vendor')).toBeInTheDocument();
    expect(
      within(row)
        .getByText(/^Suspended/)
        .closest('.ant-tag'),
    ).toHaveTextContent(/^Suspended until 27 Nov 2026, \d\d:\d\d$/);
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('2 accounts')).toBeInTheDocument();
    expect(asked[0]!.searchParams.get('page')).toBe('1');
    expect(asked[0]!.searchParams.get('pageSize')).toBe('20');
    await waitFor(() => expect(document.title).toBe('Users · Staff · CrimsonHost'));
  });

  it('reads the search and filters from the URL and writes each change back', async () => {
    const { asked } = serveUsers([vic], 30);
    const { router, user } = renderUsers('/admin/users?q=vic&role=vendor&page=2');
    await screen.findByRole('link', { name: 'vic@vendor.example' });
    expect(asked[0]!.searchParams.get('q')).toBe('vic');
    expect(asked[0]!.searchParams.get('role')).toBe('vendor');
    expect(asked[0]!.searchParams.get('page')).toBe('2');
    const box = screen.getByRole('searchbox', { name: 'Search e-mail, name or account id' });
    expect(box).toHaveValue('vic');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Suspended'));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=vic&role=vendor&status=suspended'),
    );

    // The search is taken once typing pauses, without pressing Enter.
    await user.clear(box);
    await user.type(box, 'vendor.example');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=vendor.example&role=vendor&status=suspended'),
    );
    await waitFor(() => {
      const last = asked.at(-1)!.searchParams;
      expect(last.get('q')).toBe('vendor.example');
      expect(last.get('status')).toBe('suspended');
      expect(last.get('page')).toBe('1');
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows one card per account on a phone', async () => {
    setViewportWidth(375);
    serveUsers([ada, vic]);
    renderUsers();
    const list = await screen.findByRole('list', { name: 'Accounts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
      'href',
      `/admin/users/${ada.id}`,
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when no account matches, and offers Retry when the list cannot load', async () => {
    let fail = true;
    server.use(
      http.get('/api/admin/users', () =>
        fail
          ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'The database is asleep.'), {
              status: 500,
            })
          : HttpResponse.json({ data: [], meta: { page: 1, pageSize: 20, total: 0 } }),
      ),
    );
    const { user } = renderUsers('/admin/users?q=nobody');
    expect(await screen.findByText('The accounts could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The database is asleep.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No account matches')).toBeInTheDocument();
  });
});
