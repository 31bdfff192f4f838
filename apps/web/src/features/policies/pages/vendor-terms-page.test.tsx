import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VENDOR_TERMS_VERSION } from '@crimsonhost/shared/vendors';
import { renderWithRouter } from '../../../test/render-with-router';
import { BuyerProtectionPage } from './buyer-protection-page';
import { VendorTermsPage } from './vendor-terms-page';

const section = (name: string) => screen.getByRole('region', { name });

describe('the vendor terms', () => {
  it('say what a vendor promises and how their money moves', () => {
    renderWithRouter(<VendorTermsPage />, { path: '/policies/vendor-terms' });
    expect(screen.getByRole('heading', { level: 1, name: 'Vendor terms' })).toBeInTheDocument();
    expect(document.title).toBe('Vendor terms · CrimsonHost');

    expect(section('Your servers and listings')).toHaveTextContent(
      'List only real servers you control.',
    );
    expect(section('Your servers and listings')).toHaveTextContent('Keep it running as described.');
    expect(section('Prices and commission')).toHaveTextContent('per hour, in USDT');
    expect(section('Prices and commission')).toHaveTextContent('commission from each rental');

    const earnings = section('When your earnings become yours');
    expect(earnings).toHaveTextContent('In escrow while the rental runs.');
    expect(earnings).toHaveTextContent('Pending when the rental ends, for 7 days');
    expect(earnings).toHaveTextContent('Available after those 7 days.');
    expect(earnings).toHaveTextContent('A payment under dispute is not released until support');
    expect(within(earnings).getByRole('link', { name: 'buyer protection policy' })).toHaveAttribute(
      'href',
      '/policies/buyer-protection',
    );

    const payouts = section('Payouts');
    for (const text of [
      'TRC20',
      'ERC20',
      'BEP20',
      'at least 10 USDT',
      'one payout a day',
      'locks payouts for 48 hours',
      'paid only when the chain shows the transfer',
    ]) {
      expect(payouts).toHaveTextContent(text);
    }

    const suspension = section('Suspension and closing');
    expect(suspension).toHaveTextContent('your listings leave the catalog');
    expect(suspension).toHaveTextContent('run to their end');

    expect(section('Changes to these terms')).toHaveTextContent(`version ${VENDOR_TERMS_VERSION}`);
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(contents).getByText('Payouts')).toBeInTheDocument();
  });

  it('are linked from the buyer protection policy', () => {
    renderWithRouter(<BuyerProtectionPage />, { path: '/policies/buyer-protection' });
    expect(screen.getByRole('link', { name: 'vendor terms' })).toHaveAttribute(
      'href',
      '/policies/vendor-terms',
    );
  });
});
