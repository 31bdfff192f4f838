import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setViewportWidth } from '../../../test/match-media';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { ADMIN_USER } from '../test/admin-fixtures';
import { SUPPORT_USER } from '../test/desk-fixtures';
import { StaffSideMenu, StaffTopMenu } from './staff-navigation';

describe('the staff navigation', () => {
  it('gives support Users and Deposits but not the audit log', async () => {
    signIn(SUPPORT_USER);
    renderInApp(<StaffSideMenu />, { path: '/admin/*', at: '/admin/users/some-id' });
    const nav = screen.getByRole('navigation', { name: 'Staff area' });
    const users = await within(nav).findByRole('link', { name: 'Users' });
    expect(users).toHaveAttribute('href', '/admin/users');
    expect(users).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Deposits' })).toHaveAttribute(
      'href',
      '/admin/deposits',
    );
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).toBeNull();
  });

  it('gives an admin the audit log too, on a phone as well', async () => {
    setViewportWidth(375);
    signIn(ADMIN_USER);
    renderInApp(<StaffTopMenu />, { path: '/admin/*', at: '/admin/audit' });
    const nav = screen.getByRole('navigation', { name: 'Staff area' });
    const audit = await within(nav).findByRole('link', { name: 'Audit log' });
    expect(audit).toHaveAttribute('href', '/admin/audit');
    expect(audit).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
  });

  it('marks Deposits as the current section on a deposit, after Users', async () => {
    signIn(SUPPORT_USER);
    renderInApp(<StaffSideMenu />, { path: '/admin/*', at: '/admin/deposits/some-id' });
    const nav = screen.getByRole('navigation', { name: 'Staff area' });
    const deposits = await within(nav).findByRole('link', { name: 'Deposits' });
    expect(deposits).toHaveAttribute('aria-current', 'page');
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.indexOf('Deposits')).toBe(names.indexOf('Users') + 1);
  });

  it('gives support and admins PayPal after Deposits, current on a payment', async () => {
    signIn(SUPPORT_USER);
    renderInApp(<StaffSideMenu />, { path: '/admin/*', at: '/admin/paypal/some-id' });
    const nav = screen.getByRole('navigation', { name: 'Staff area' });
    const paypal = await within(nav).findByRole('link', { name: 'PayPal' });
    expect(paypal).toHaveAttribute('href', '/admin/paypal');
    expect(paypal).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Deposits' })).not.toHaveAttribute('aria-current');
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.indexOf('PayPal')).toBe(names.indexOf('Deposits') + 1);
  });

  it('gives support and admins Vendors after PayPal, current on a vendor', async () => {
    signIn(SUPPORT_USER);
    renderInApp(<StaffSideMenu />, { path: '/admin/*', at: '/admin/vendors/some-id' });
    const nav = screen.getByRole('navigation', { name: 'Staff area' });
    const vendors = await within(nav).findByRole('link', { name: 'Vendors' });
    expect(vendors).toHaveAttribute('href', '/admin/vendors');
    expect(vendors).toHaveAttribute('aria-current', 'page');
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.indexOf('Vendors')).toBe(names.indexOf('PayPal') + 1);
  });

  it('gives an admin Vendors on a phone too', async () => {
    setViewportWidth(375);
    signIn(ADMIN_USER);
    renderInApp(<StaffTopMenu />, { path: '/admin/*', at: '/admin/vendors' });
    const nav = screen.getByRole('navigation', { name: 'Staff area' });
    const vendors = await within(nav).findByRole('link', { name: 'Vendors' });
    expect(vendors).toHaveAttribute('href', '/admin/vendors');
    expect(vendors).toHaveAttribute('aria-current', 'page');
  });

  it('gives support and admins Payouts after Vendors, current on a payout', async () => {
    signIn(SUPPORT_USER);
    renderInApp(<StaffSideMenu />, { path: '/admin/*', at: '/admin/payouts/some-id' });
    const nav = screen.getByRole('navigation', { name: 'Staff area' });
    const payouts = await within(nav).findByRole('link', { name: 'Payouts' });
    expect(payouts).toHaveAttribute('href', '/admin/payouts');
    expect(payouts).toHaveAttribute('aria-current', 'page');
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.indexOf('Payouts')).toBe(names.indexOf('Vendors') + 1);
  });

  it('gives support and admins Moderation after Payouts, current on a flag', async () => {
    signIn(SUPPORT_USER);
    renderInApp(<StaffSideMenu />, { path: '/admin/*', at: '/admin/moderation/some-id' });
    const nav = screen.getByRole('navigation', { name: 'Staff area' });
    const moderation = await within(nav).findByRole('link', { name: 'Moderation' });
    expect(moderation).toHaveAttribute('href', '/admin/moderation');
    expect(moderation).toHaveAttribute('aria-current', 'page');
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.indexOf('Moderation')).toBe(names.indexOf('Payouts') + 1);
  });
});
