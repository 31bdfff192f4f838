import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/auth-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { SUPPORT_USER } from '../test/desk-fixtures';
import { buildAdminVendor, serveVendors } from '../test/vendor-fixtures';
import { VendorsPage } from './vendors-page';

const applicant = buildAdminVendor();
const suspended = buildAdminVendor({
  displayName: 'Blocky Servers',
  contactEmail: 'hello@blocky.example',
  account: { email: 'bea@example.com', name: 'Bea Blocks', role: 'vendor' },
  status: 'SUSPENDED',
  statusReason: 'Servers offline for a week',
  games: ['rust'],
  regions: ['nyc'],
  listings: 4,
  pendingApplicationId: null,
  createdAt: '2026-06-01T08:00:00.000Z',
});

function renderVendors(at = '/admin/vendors') {
  signIn(SUPPORT_USER);
  return renderInApp(<VendorsPage />, { path: '/admin/vendors', at });
}

describe('the vendors list', () => {
  it('opens on the waiting applications and lists each vendor with its facts', async () => {
    const { asked } = serveVendors([applicant, suspended]);
    renderVendors();
    const table = await screen.findByRole('table', {
      name: 'Vendors: Applications, oldest first',
    });
    const first = within(table).getByRole('link', { name: 'Nordic Hosting' }).closest('tr')!;
    expect(within(table).getByRole('link', { name: 'Nordic Hosting' })).toHaveAttribute(
      'href',
      `/admin/vendors/${applicant.id}`,
    );
    expect(within(first).getByText('nils@example.com')).toBeInTheDocument();
    expect(within(first).getByText('Pending')).toBeInTheDocument();
    expect(within(first).getByText('Application waiting')).toBeInTheDocument();
    expect(within(first).getByText('Minecraft, Valheim')).toBeInTheDocument();
    expect(within(first).getByText('FRA, STO')).toBeInTheDocument();
    expect(first.querySelector('time')).toHaveAttribute('datetime', applicant.createdAt);

    const second = within(table).getByRole('link', { name: 'Blocky Servers' }).closest('tr')!;
    expect(within(second).getByText('bea@example.com')).toBeInTheDocument();
    expect(within(second).getByText('Suspended')).toBeInTheDocument();
    expect(within(second).queryByText('Application waiting')).toBeNull();
    expect(within(second).getByText('Rust')).toBeInTheDocument();
    expect(within(second).getByText('4')).toBeInTheDocument();

    expect(screen.getByText('2 applications waiting')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Applications' })).toBeChecked();
    expect(asked[0]!.searchParams.get('view')).toBe('applications');
    expect(asked[0]!.searchParams.get('page')).toBe('1');
    expect(asked[0]!.searchParams.get('pageSize')).toBe('20');
    await waitFor(() => expect(document.title).toBe('Vendors · Staff · CrimsonHost'));
  });

  it('opens a vendor from a click on its row', async () => {
    serveVendors([suspended]);
    const { router, user } = renderVendors();
    await user.click(await screen.findByText('Rust'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/vendors/${suspended.id}`),
    );
  });

  it('says when no application waits', async () => {
    serveVendors([]);
    renderVendors();
    expect(await screen.findByText('No applications wait for a decision.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  it('writes the view and the search to the URL and asks the API for them', async () => {
    const { asked } = serveVendors([suspended], 30);
    const { router, user } = renderVendors('/admin/vendors?page=2');
    await screen.findByRole('link', { name: 'Blocky Servers' });
    expect(asked[0]!.searchParams.get('page')).toBe('2');

    await user.click(screen.getByRole('radio', { name: 'Suspended' }).closest('label')!);
    await waitFor(() => expect(router.state.location.search).toBe('?view=SUSPENDED'));
    await waitFor(() => {
      const last = asked.at(-1)!.searchParams;
      expect(last.get('view')).toBe('SUSPENDED');
      expect(last.get('page')).toBe('1');
    });
    expect(screen.getByText('30 vendors')).toBeInTheDocument();

    // The search is taken once typing pauses, without pressing Enter.
    const box = screen.getByRole('searchbox', { name: 'Search vendor name, e-mail or id' });
    await user.type(box, 'blocky');
    await waitFor(() => expect(router.state.location.search).toBe('?view=SUSPENDED&q=blocky'));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('q')).toBe('blocky'));

    // Clearing the search keeps the view.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=SUSPENDED'));
  });

  it('says when a search finds nothing, and offers to clear it', async () => {
    const { asked } = serveVendors([]);
    const { router, user } = renderVendors('/admin/vendors?view=all&q=nobody');
    const empty = await screen.findByText('No vendor in this view matches "nobody".');
    expect(asked[0]!.searchParams.get('view')).toBe('all');
    expect(asked[0]!.searchParams.get('q')).toBe('nobody');
    await user.click(
      within(empty.closest<HTMLElement>('.ant-empty')!).getByRole('button', {
        name: 'Clear filters',
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?view=all'));
  });

  it('offers Retry when the list cannot load', async () => {
    let fail = true;
    server.use(
      http.get('/api/admin/vendors', () =>
        fail
          ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'The database is asleep.'), {
              status: 500,
            })
          : HttpResponse.json({ data: [suspended], meta: { page: 1, pageSize: 20, total: 1 } }),
      ),
    );
    const { user } = renderVendors('/admin/vendors?view=all');
    expect(await screen.findByText('The vendors could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The database is asleep.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 vendor')).toBeInTheDocument();
  });

  it('keeps the table inside the page on a phone: it scrolls sideways', async () => {
    setViewportWidth(375);
    serveVendors([applicant]);
    renderVendors();
    const table = await screen.findByRole('table', { name: /^Vendors: Applications/ });
    expect(table.closest('.ant-table-content, .ant-table-body')).not.toBeNull();
    expect(screen.getByRole('radio', { name: 'All vendors' })).toBeInTheDocument();
  });
});
