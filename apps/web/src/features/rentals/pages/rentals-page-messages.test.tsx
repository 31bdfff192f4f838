// My Rentals and the messages with each rental's vendor (issue 17 point 8): the unread count on
// "Messages", the thread in a drawer whose state is the URL's `?messages=`.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Rental } from '@crimsonhost/shared/rentals';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import {
  buildEndedRental,
  buildRental,
  renderInApp,
  rentalsAnswer,
  signIn,
} from '../../../test/rental-fixtures';
import {
  buildRentalMessage,
  buildRentalThread,
  serveRentalThread,
} from '../../../test/rental-thread-fixtures';
import { RentalsPage } from './rentals-page';

const LOAD = { timeout: 10_000 };

/** Answers GET /api/rentals with what `rentals` gives now; counts the reads. */
function serveRentals(rentals: () => Rental[]) {
  const reads = { count: 0 };
  server.use(
    http.get('/api/rentals', () => {
      reads.count += 1;
      return HttpResponse.json(rentalsAnswer(rentals()));
    }),
  );
  return reads;
}

function renderRentals(at: string) {
  signIn();
  return renderInApp(<RentalsPage />, { path: '/rentals', at });
}

describe('messages on My Rentals', { timeout: 60_000 }, () => {
  it('shows the unread count on Messages, opens the thread through ?messages= and clears the count', async () => {
    const rental = buildRental({ unreadMessages: 2 });
    const name = rental.server.name;
    let unread = 2;
    const reads = serveRentals(() => [{ ...rental, unreadMessages: unread }]);
    const { asked } = serveRentalThread('renter', rental.id, () => {
      // Reading the thread marks the vendor's messages read.
      unread = 0;
      return buildRentalThread({
        rentalId: rental.id,
        server: { id: rental.server.id, name },
        messages: [
          buildRentalMessage({ body: 'Maintenance at 04:00 tonight.', unread: true, seen: false }),
        ],
      });
    });
    const { router, user } = renderRentals('/rentals?status=ACTIVE');

    const button = await screen.findByRole('button', { name: `Messages, 2 unread: ${name}` }, LOAD);
    expect(button.querySelector('.ant-badge')).toHaveTextContent('2');
    const readsBefore = reads.count;
    await user.click(button);
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?status=ACTIVE&messages=${rental.id}`),
    );
    // By its title's text: antd gives every dialog title the same id under test.
    const drawer = await screen.findByRole('dialog', undefined, LOAD);
    expect(within(drawer).getByText(`Messages · ${name}`)).toBeInTheDocument();
    expect(
      await within(drawer).findByText('Maintenance at 04:00 tonight.', undefined, LOAD),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('New messages')).toBeInTheDocument();
    expect(asked).toHaveLength(1);

    // The list is read again and no longer counts them.
    expect(
      await screen.findByRole('button', { name: `Messages: ${name}` }, LOAD),
    ).toBeInTheDocument();
    expect(reads.count).toBeGreaterThan(readsBefore);

    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=ACTIVE'));
  });

  it('opens a mail’s link straight into the thread, the whole width of a phone', async () => {
    setViewportWidth(375);
    const rental = buildEndedRental('EXPIRED');
    serveRentals(() => [rental]);
    serveRentalThread(
      'renter',
      rental.id,
      buildRentalThread({
        rentalId: rental.id,
        server: { id: rental.server.id, name: rental.server.name },
      }),
    );
    const { router, user } = renderRentals(`/rentals?messages=${rental.id}`);

    const drawer = await screen.findByRole('dialog', undefined, LOAD);
    expect(await within(drawer).findByText(`Messages · ${rental.server.name}`)).toBeInTheDocument();
    expect(
      await within(drawer).findByText(/^No messages yet\. Ask the vendor/, undefined, LOAD),
    ).toBeInTheDocument();
    expect(within(drawer).getByRole('textbox', { name: 'Your message' })).toBeInTheDocument();
    const panel = document.querySelector<HTMLElement>('.ant-drawer-content-wrapper');
    expect(panel?.style.maxWidth).toBe('100vw');
    // The cards behind it have the button too, without a count.
    expect(
      screen.getByRole('button', { name: `Messages: ${rental.server.name}` }),
    ).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
