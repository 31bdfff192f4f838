import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/auth-fixtures';
import { setViewportWidth } from '../../test/match-media';
import { renderInApp, signIn } from '../../test/rental-fixtures';
import {
  VENDOR_USER,
  serveEarnings,
  serveMovements,
  buildMovement,
} from './test/earnings-fixtures';
import { buildListing, serveListingStore } from './test/listing-fixtures';
import { buildVendorRental, serveOverview, serveVendorRentals } from './test/overview-fixtures';
import { VendorArea } from './vendor-area';

/** A lazy page's first load is slow on a busy machine. */
const LOAD = { timeout: 10_000 };

const renderArea = (at: string) => renderInApp(<VendorArea />, { path: '/vendor/*', at });

describe('the vendor area guard', () => {
  it('sends a visitor to sign in, and back here afterwards', async () => {
    const { router } = renderArea('/vendor/earnings?state=PENDING');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), LOAD);
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(
      '/vendor/earnings?state=PENDING',
    );
  });

  it.each(['user', 'support'] as const)(
    'tells a %s account the area is for vendors and leads to the application',
    async (role) => {
      signIn(buildUser({ role }));
      renderArea('/vendor/earnings');
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'The vendor area is for vendors' },
          LOAD,
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Become a vendor' })).toHaveAttribute(
        'href',
        '/vendor/apply',
      );
      expect(screen.getByRole('link', { name: 'Back to storefront' })).toHaveAttribute('href', '/');
      expect(screen.queryByRole('navigation', { name: 'Vendor area' })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Earnings' })).toBeNull();
      await waitFor(() =>
        expect(document.title).toBe('The vendor area is for vendors · CrimsonHost'),
      );
    },
  );

  it('opens the Overview at /vendor for a vendor, in the area’s own layout', async () => {
    signIn(VENDOR_USER);
    serveOverview();
    const { router } = renderArea('/vendor');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Overview' }, LOAD),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/vendor');
    const nav = screen.getByRole('navigation', { name: 'Vendor area' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Overview', 'Listings', 'Rentals', 'Earnings', 'Payouts', 'Disputes', 'Account']);
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Listings' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Rentals' })).toHaveAttribute(
      'href',
      '/vendor/rentals',
    );
    expect(within(nav).getByRole('link', { name: 'Earnings' })).toHaveAttribute(
      'href',
      '/vendor/earnings',
    );
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute(
      'href',
      '/vendor/apply',
    );
    expect(screen.getByRole('link', { name: 'Back to storefront' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Vendor area home' })).toHaveAttribute(
      'href',
      '/vendor',
    );
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
    expect(screen.getByText('hosting@nordicfrag.example')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Overview · Vendor · CrimsonHost'));
  });

  it('opens Listings and Rentals from their sections', async () => {
    signIn(VENDOR_USER);
    serveOverview();
    serveListingStore([buildListing()]);
    serveVendorRentals([buildVendorRental()]);
    const { router, user } = renderArea('/vendor');
    const nav = await screen.findByRole('navigation', { name: 'Vendor area' }, LOAD);
    await user.click(within(nav).getByRole('link', { name: 'Listings' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Listings' }, LOAD),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'Frankfurt Survival' }, LOAD),
    ).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Listings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(nav).getByRole('link', { name: 'Rentals' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rentals' }, LOAD),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/vendor/rentals');
    expect(await screen.findByText('Rita Renter', {}, LOAD)).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Rentals' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
  });

  it('opens Earnings from its section', async () => {
    signIn(VENDOR_USER);
    serveListingStore([]);
    serveEarnings();
    serveMovements([buildMovement()]);
    const { router, user } = renderArea('/vendor/listings');
    const nav = await screen.findByRole('navigation', { name: 'Vendor area' }, LOAD);
    await user.click(within(nav).getByRole('link', { name: 'Earnings' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Earnings' }, LOAD),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/vendor/earnings');
    expect(within(nav).getByRole('link', { name: 'Earnings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('opens a new listing’s form and a listing’s page under Listings', async () => {
    signIn(VENDOR_USER);
    const listing = buildListing();
    serveListingStore([listing]);
    const view = renderArea('/vendor/listings/new');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add a listing' }, LOAD),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Vendor area' });
    expect(within(nav).getByRole('link', { name: 'Listings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    view.unmount();

    renderArea(`/vendor/listings/${listing.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Frankfurt Survival' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  });

  it('answers an unknown vendor page with not-found inside the layout', async () => {
    signIn(VENDOR_USER);
    renderArea('/vendor/nowhere');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText(/Nothing lives at \/vendor\/nowhere/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Listings' })).toHaveAttribute(
      'href',
      '/vendor/listings',
    );
    expect(screen.getByRole('navigation', { name: 'Vendor area' })).toBeInTheDocument();
  });

  it('puts the sections in a drawer on a phone', async () => {
    setViewportWidth(375);
    signIn(VENDOR_USER);
    const { router, user } = renderArea('/vendor/no-such-page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, LOAD);
    expect(screen.queryByRole('navigation', { name: 'Vendor area' })).toBeNull();
    const open = screen.getByRole('button', { name: 'Open navigation' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    const drawer = await screen.findByRole('dialog', { name: 'Vendor area' }, LOAD);
    expect(within(drawer).getByText('hosting@nordicfrag.example')).toBeInTheDocument();
    const nav = within(drawer).getByRole('navigation', { name: 'Vendor area' });
    await user.click(within(nav).getByRole('link', { name: 'Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendor/apply'));
  });
});
