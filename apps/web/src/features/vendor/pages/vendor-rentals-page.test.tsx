import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/auth-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { VENDOR_USER } from '../test/earnings-fixtures';
import { buildVendorRental, serveVendorRentals } from '../test/overview-fixtures';
import { VendorRentalsPage } from './vendor-rentals-page';

const LOAD = { timeout: 10_000 };

const running = buildVendorRental();
const ended = buildVendorRental({
  renter: { displayName: 'Sam Renter' },
  server: { id: running.server.id, name: 'Oslo Creative', game: 'csgo' },
  hours: 2,
  status: 'EXPIRED',
  startsAt: '2026-11-20T10:00:00.000Z',
  endsAt: '2026-11-20T12:00:00.000Z',
  endedAt: '2026-11-20T12:00:00.000Z',
  runState: null,
  earned: { amount: '2.250000', state: 'PENDING' },
});
const cleared = buildVendorRental({
  hours: 1,
  status: 'CANCELLED',
  startsAt: '2026-11-10T10:00:00.000Z',
  endsAt: '2026-11-10T11:00:00.000Z',
  endedAt: '2026-11-10T10:20:00.000Z',
  runState: null,
  earned: { amount: '1.125000', state: 'AVAILABLE' },
});

function renderRentals(at = '/vendor/rentals') {
  signIn(VENDOR_USER);
  return renderInApp(<VendorRentalsPage />, { path: '/vendor/rentals', at });
}

describe('the rentals of my listings', () => {
  it('lists them with the renter’s name, times, status, run state and what each earned', async () => {
    serveVendorRentals([running, ended, cleared]);
    renderRentals();
    const table = await screen.findByRole(
      'table',
      { name: 'Rentals of your listings: all, newest first' },
      LOAD,
    );
    const [first, second, third] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Rita Renter');
    expect(first).toHaveTextContent('Frankfurt SurvivalMinecraft');
    expect(first).toHaveTextContent(/Ends 26 Nov 2026/);
    expect(first).toHaveTextContent('Running');
    expect(first).toHaveTextContent('running');
    expect(first).toHaveTextContent('9.999999 USDTIn escrow');
    expect(second).toHaveTextContent('Sam Renter');
    expect(second).toHaveTextContent(/Ended 20 Nov 2026/);
    expect(second).toHaveTextContent('Expired');
    expect(second).toHaveTextContent('2.25 USDTPending');
    expect(third).toHaveTextContent('Cancelled');
    expect(third).toHaveTextContent('1.125 USDTAvailable');
    expect(within(first!).getByRole('link', { name: 'Frankfurt Survival' })).toHaveAttribute(
      'href',
      `/vendor/listings/${running.server.id}`,
    );
    expect(screen.getByText('1-3 of 3')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Rentals · Vendor · CrimsonHost'));
  });

  it('filters running and ended rentals through the URL', async () => {
    const { asked } = serveVendorRentals((url) =>
      HttpResponse.json({
        data: url.searchParams.get('status') === 'ended' ? [ended, cleared] : [running],
        meta: { page: 1, pageSize: 20, total: 2, totalExact: true, nextCursor: null },
      }),
    );
    const { router, user } = renderRentals('/vendor/rentals?status=ACTIVE');
    expect(
      await screen.findByRole(
        'table',
        { name: 'Rentals of your listings: running, newest first' },
        LOAD,
      ),
    ).toBeInTheDocument();
    expect(asked.at(-1)!.searchParams.get('status')).toBe('ACTIVE');
    await user.click(screen.getByRole('radio', { name: 'Ended' }).closest('label')!);
    await waitFor(() => expect(router.state.location.search).toBe('?status=ended'));
    expect(
      await screen.findByRole(
        'table',
        { name: 'Rentals of your listings: ended, newest first' },
        LOAD,
      ),
    ).toBeInTheDocument();
    expect(asked.at(-1)!.searchParams.get('status')).toBe('ended');
  });

  it('reads the next page from where this one ended', async () => {
    const { asked } = serveVendorRentals([running, ended], 45);
    const { router, user } = renderRentals();
    await screen.findByRole('table', { name: /^Rentals of your listings/ }, LOAD);
    await user.click(screen.getByTitle('Next Page'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('page')).toBe('2'));
    expect(asked.at(-1)!.searchParams.get('after')).toBe(`1795600000000000_${ended.id}`);
  });

  it('says when there are none, and offers all of them from a filter', async () => {
    serveVendorRentals([]);
    const { router, user } = renderRentals('/vendor/rentals?status=ACTIVE');
    expect(
      await screen.findByText('None of your servers is rented right now.', {}, LOAD),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all rentals' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(
      await screen.findByText(
        'Nobody has rented one of your servers yet. Their rentals show here.',
        {},
        LOAD,
      ),
    ).toBeInTheDocument();
  });

  it('says when the rentals could not be loaded, and reads again on Retry', async () => {
    let fail = true;
    serveVendorRentals(() =>
      fail
        ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'The ledger is asleep.'), { status: 500 })
        : HttpResponse.json({
            data: [running],
            meta: { page: 1, pageSize: 20, total: 1, totalExact: true, nextCursor: null },
          }),
    );
    const { user } = renderRentals();
    expect(
      await screen.findByText('The rentals could not be loaded', {}, LOAD),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('table', { name: /^Rentals of your listings/ }, LOAD),
    ).toBeInTheDocument();
  });

  it('stacks the rentals as cards on a 375 px phone', async () => {
    setViewportWidth(375);
    serveVendorRentals([running, ended]);
    renderRentals();
    const list = await screen.findByRole(
      'list',
      { name: 'Rentals of your listings: all, newest first' },
      LOAD,
    );
    expect(screen.queryByRole('table', { name: /^Rentals of your listings/ })).toBeNull();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('RenterRita Renter');
    expect(first).toHaveTextContent('Hours3 hours');
    expect(first).toHaveTextContent('Earned9.999999 USDTIn escrow');
    expect(second).toHaveTextContent('Ended20 Nov 2026');
    expect(second).toHaveTextContent('Run state—');
  });
});
