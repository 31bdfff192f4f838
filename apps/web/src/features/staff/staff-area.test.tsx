import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/auth-fixtures';
import { renderInApp, signIn } from '../../test/rental-fixtures';
import { setViewportWidth } from '../../test/match-media';
import { StaffArea } from './staff-area';
import { SUPPORT_USER, serveDeskBasics, serveStaffFactor } from './test/desk-fixtures';
import {
  buildAdminVendor,
  buildVendorDetail,
  serveVendorDetail,
  serveVendors,
} from './test/vendor-fixtures';
import { buildAdminPayout, servePayoutDetail, servePayouts } from './test/payout-fixtures';
import {
  buildAdminPayPalPayment,
  buildPayPalDetail,
  servePayPalDetail,
  servePayPalPayments,
  serveReconciliation,
} from './test/paypal-fixtures';

/** A lazy page's first load is slow on a busy machine. */
const LOAD = { timeout: 10_000 };

const renderArea = (at: string) => renderInApp(<StaffArea />, { path: '/admin/*', at });

describe('the staff area guard', () => {
  it('sends a visitor to sign in, and back here afterwards', async () => {
    const { router } = renderArea('/admin/tickets');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), LOAD);
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(
      '/admin/tickets',
    );
  });

  it('shows an account that is not staff the not-found state, without the area', async () => {
    signIn(buildUser({ role: 'user' }));
    renderArea('/admin/tickets');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Staff area' })).toBeNull();
  });

  it('gives support the staff layout, its sections and the overview figures', async () => {
    signIn(SUPPORT_USER);
    serveDeskBasics();
    renderArea('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Staff area' }, LOAD);
    for (const section of ['Overview', 'Tickets', 'FAQ', 'Canned replies']) {
      expect(within(nav).getByRole('link', { name: section })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('support@crimsonhost.demo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to storefront' })).toHaveAttribute('href', '/');
    expect(
      await screen.findByRole('link', { name: 'Overdue: 2. Show them' }, LOAD),
    ).toHaveAttribute('href', '/admin/tickets?overdue=true');
    expect(screen.getByRole('link', { name: 'Unassigned: 3. Show them' })).toHaveAttribute(
      'href',
      '/admin/tickets?assignee=none',
    );
    await waitFor(() => expect(document.title).toBe('Overview · Staff · CrimsonHost'));
  });

  it('answers an unknown staff page with not-found inside the layout; a phone gets the top row', async () => {
    setViewportWidth(375);
    signIn(buildUser({ role: 'admin' }));
    serveStaffFactor();
    renderArea('/admin/no-such-section');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, LOAD),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Staff area' });
    expect(within(nav).getByRole('link', { name: 'Tickets' })).toHaveAttribute(
      'href',
      '/admin/tickets',
    );
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('loads the Vendors section on its own route, with the vendor beneath it', async () => {
    signIn(buildUser({ role: 'admin' }));
    serveStaffFactor();
    const detail = buildVendorDetail(buildAdminVendor());
    serveVendors([detail.vendor]);
    serveVendorDetail(detail);
    const { user } = renderArea('/admin/vendors');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vendors' }, LOAD),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Staff area' });
    expect(within(nav).getByRole('link', { name: 'Vendors' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(await screen.findByRole('link', { name: 'Nordic Hosting' }, LOAD));
    expect(
      await screen.findByRole(
        'heading',
        { level: 2, name: 'Application waiting for a decision' },
        LOAD,
      ),
    ).toBeInTheDocument();
  });

  it('loads the Payouts section on its own route, with the payout beneath it', async () => {
    signIn(buildUser({ role: 'admin' }));
    serveStaffFactor();
    const payout = buildAdminPayout();
    servePayouts([payout]);
    servePayoutDetail([payout]);
    const { user } = renderArea('/admin/payouts');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payouts' }, LOAD),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Staff area' });
    expect(within(nav).getByRole('link', { name: 'Payouts' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(await screen.findByRole('link', { name: '15.25 USDT on ERC20' }, LOAD));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Send this payout' }, LOAD),
    ).toBeInTheDocument();
  });

  it('loads the PayPal section on its own route, with the payment beneath it', async () => {
    signIn(buildUser({ role: 'support' }));
    serveStaffFactor();
    const payment = buildAdminPayPalPayment({ orderId: '7HN27437BK3355436' });
    servePayPalPayments([payment]);
    serveReconciliation();
    servePayPalDetail(buildPayPalDetail(payment));
    const { user } = renderArea('/admin/paypal');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'PayPal' }, LOAD),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Staff area' });
    expect(within(nav).getByRole('link', { name: 'PayPal' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(await screen.findByRole('link', { name: /order 7HN27437BK3355436$/ }, LOAD));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Refunds and reversals' }, LOAD),
    ).toBeInTheDocument();
    // Support follows the payment; refunds are an admin's.
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});
