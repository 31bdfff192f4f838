import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/auth-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { findDialog, renderInApp, signIn } from '../../../test/rental-fixtures';
import {
  buildRentalMessage,
  buildRentalThread,
  serveRentalThread,
} from '../../../test/rental-thread-fixtures';
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

  it('reports the renter of a rental to the moderators, saying what a refusal means', async () => {
    serveVendorRentals([ended]);
    const reports: unknown[] = [];
    server.use(
      http.post(`/api/vendor/rentals/${ended.id}/report`, async ({ request }) => {
        const body = (await request.json()) as { message: string };
        reports.push(body);
        return HttpResponse.json(
          {
            data: {
              id: '70000000-0000-4000-8000-000000000009',
              user: { id: 'renter', name: 'Sam Renter', email: 'sam@example.com' },
              source: 'vendor_user',
              reason: 'privacy_breach',
              status: 'pending',
              kinds: [],
              excerpt: body.message,
              assignee: null,
              createdAt: '2026-11-26T19:00:00.000Z',
            },
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderRentals();
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Report the renter of Oslo Creative: Sam Renter' },
        LOAD,
      ),
    );
    const dialog = await findDialog('Report Sam Renter');
    await user.click(within(dialog).getByRole('radio', { name: 'Sharing private details' }));
    await user.type(within(dialog).getByLabelText('In your words'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await within(dialog).findByText('Say what happened in at least 10 characters'),
    ).toBeInTheDocument();
    await user.type(
      within(dialog).getByLabelText('In your words'),
      ' of it: posted my address in chat.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText('Thank you: the moderators will look at your report.'),
    ).toBeInTheDocument();
    expect(reports).toEqual([
      { reason: 'privacy_breach', message: 'short of it: posted my address in chat.' },
    ]);
  });

  it('shows the renter’s unread messages on Messages and opens the thread through ?messages=', async () => {
    let unread = 3;
    serveVendorRentals(() =>
      HttpResponse.json({
        data: [{ ...running, unreadMessages: unread }, ended],
        meta: { page: 1, pageSize: 20, total: 2, totalExact: true, nextCursor: null },
      }),
    );
    const { sent } = serveRentalThread('vendor', running.id, () => {
      unread = 0;
      return buildRentalThread({
        rentalId: running.id,
        server: { id: running.server.id, name: 'Frankfurt Survival' },
        side: 'vendor',
        messages: [
          buildRentalMessage({
            side: 'renter',
            authorName: 'Rita Renter',
            body: 'The server lags since noon.',
            unread: true,
            seen: false,
          }),
        ],
      });
    });
    const { router, user } = renderRentals('/vendor/rentals?status=ACTIVE');
    const button = await screen.findByRole(
      'button',
      { name: 'Messages, 3 unread: Frankfurt Survival with Rita Renter' },
      LOAD,
    );
    expect(button.querySelector('.ant-badge')).toHaveTextContent('3');
    await user.click(button);
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?status=ACTIVE&messages=${running.id}`),
    );
    const drawer = await screen.findByRole('dialog', undefined, LOAD);
    expect(within(drawer).getByText('Messages · Frankfurt Survival')).toBeInTheDocument();
    expect(
      await within(drawer).findByText('The server lags since noon.', undefined, LOAD),
    ).toBeInTheDocument();
    expect(within(drawer).getByText(/with Rita Renter, the renter/)).toBeInTheDocument();
    // Read: the list is asked again and the count goes.
    expect(
      await screen.findByRole(
        'button',
        { name: 'Messages: Frankfurt Survival with Rita Renter' },
        LOAD,
      ),
    ).toBeInTheDocument();

    await user.type(
      within(drawer).getByRole('textbox', { name: 'Your message' }),
      'Restarting the node now.',
    );
    await user.click(within(drawer).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(sent).toEqual([{ message: 'Restarting the node now.', attachmentIds: [] }]),
    );
    expect(await within(drawer).findByText('Restarting the node now.')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=ACTIVE'));
  });

  it('opens a mail’s link to the messages on a 375 px phone, from the rental’s card', async () => {
    setViewportWidth(375);
    serveVendorRentals([ended]);
    serveRentalThread(
      'vendor',
      ended.id,
      buildRentalThread({
        rentalId: ended.id,
        server: { id: ended.server.id, name: 'Oslo Creative' },
        side: 'vendor',
        writableUntil: null,
        messages: [buildRentalMessage({ body: 'Thanks for renting!' })],
      }),
    );
    renderRentals(`/vendor/rentals?messages=${ended.id}`);
    const drawer = await screen.findByRole('dialog', undefined, LOAD);
    expect(
      await within(drawer).findByText('Thanks for renting!', undefined, LOAD),
    ).toBeInTheDocument();
    // Ended 20 November: writing closed 7 days later.
    expect(within(drawer).getByText(/^Messages closed on 27 Nov 2026/)).toBeInTheDocument();
    expect(within(drawer).queryByRole('textbox', { name: 'Your message' })).toBeNull();
    const list = screen.getByRole('list', { name: 'Rentals of your listings: all, newest first' });
    expect(
      within(list).getByRole('button', { name: 'Messages: Oslo Creative with Sam Renter' }),
    ).toBeInTheDocument();
  });
});
