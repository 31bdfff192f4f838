import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rental } from '@crimsonhost/shared/rentals';
import { errorBody } from '../../../test/auth-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import {
  buildEndedRental,
  buildRental,
  findDialog,
  renderInApp,
  rentalsAnswer,
  signIn,
  walletWith,
} from '../../../test/rental-fixtures';
import { buildDepositConfig } from '../../../test/wallet-fixtures';
import { RentalsPage } from './rentals-page';

const LOAD = { timeout: 10_000 };

let servers = 0;
/** The rented server as the API names it (ids are UUIDs). */
function serverRef(name: string, game = 'rust', regionName = 'Paris') {
  servers += 1;
  const region = { code: regionName.slice(0, 3).toLowerCase(), name: regionName, country: 'EU' };
  return { id: `20000000-0000-4000-8000-${String(servers).padStart(12, '0')}`, name, game, region };
}

/** Answers GET /api/rentals with `rentals` and records every query string it was asked with. */
function serveRentals(rentals: Rental[] | ((search: URLSearchParams) => Rental[]), total?: number) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/rentals', ({ request }) => {
      const search = new URL(request.url).searchParams;
      asked.push(search);
      const page = typeof rentals === 'function' ? rentals(search) : rentals;
      return HttpResponse.json(
        rentalsAnswer(page, {
          page: Number(search.get('page')),
          pageSize: Number(search.get('pageSize')),
          total: total ?? page.length,
        }),
      );
    }),
  );
  return asked;
}

function renderRentals(at = '/rentals') {
  signIn();
  return renderInApp(<RentalsPage />, { path: '/rentals', at });
}

/** The table row of the rental on the server called `name`. */
async function rowOf(name: string) {
  // By text, not role: role queries over a whole antd table are slow in jsdom.
  const link = await screen.findByText(name, { selector: 'a' }, LOAD);
  return link.closest('tr')!;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('rentals page', { timeout: 60_000 }, () => {
  it('lists my rentals with the way to connect only while active', async () => {
    serveRentals([
      buildRental({ server: serverRef('Alpha Craft', 'minecraft', 'Frankfurt') }),
      buildEndedRental('EXPIRED', {
        server: serverRef('Old Frag', 'csgo', 'Dallas'),
      }),
    ]);
    renderRentals();

    const active = await rowOf('Alpha Craft');
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).getByText('203.0.113.7:25565')).toBeInTheDocument();
    expect(within(active).getByText('Minecraft · Frankfurt')).toBeInTheDocument();
    expect(within(active).getByText(/running/)).toBeInTheDocument();
    expect(within(active).getByText(/checked 4 s ago/)).toBeInTheDocument();

    const ended = await rowOf('Old Frag');
    expect(within(ended).getByText('Expired')).toBeInTheDocument();
    expect(within(ended).queryByText(/203\.0\.113/)).not.toBeInTheDocument();
    expect(within(ended).queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(within(ended).getByRole('link', { name: 'Rent again: Old Frag' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/servers\/20000000-/),
    );
  });

  it('keeps the status filter and the page in the address', async () => {
    const asked = serveRentals([buildRental()], 45);
    const { user, router } = renderRentals('/rentals?page=2');
    await screen.findByText('21-40 of 45', undefined, LOAD);
    expect(asked.at(-1)?.get('page')).toBe('2');
    expect(asked.at(-1)?.get('pageSize')).toBe('20');
    expect(asked.at(-1)?.has('status')).toBe(false);

    await user.click(screen.getByRole('radio', { name: 'Active' }).closest('label')!);
    await waitFor(() => expect(router.state.location.search).toBe('?status=ACTIVE'));
    await waitFor(() => expect(asked.at(-1)?.get('status')).toBe('ACTIVE'));
    expect(asked.at(-1)?.get('page')).toBe('1');

    await router.navigate('/rentals?status=CANCELLED&pageSize=50');
    await waitFor(() => expect(asked.at(-1)?.get('status')).toBe('CANCELLED'));
    expect(asked.at(-1)?.get('pageSize')).toBe('50');
    expect(screen.getByRole('radio', { name: 'Cancelled' })).toBeChecked();
  });

  it('counts the time left down each second on the local clock', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // The API counts from the same (fake) clock, so a refetch meanwhile agrees with the countdown.
    const rental = buildRental();
    const endsAt = Date.now() + 7200_000;
    serveRentals(() => [{ ...rental, secondsLeft: Math.floor((endsAt - Date.now()) / 1000) }]);
    renderRentals();
    expect(await screen.findByText('2:00:00 left', undefined, LOAD)).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByText('1:59:57 left')).toBeInTheDocument();
    expect(screen.getByText(/checked 7 s ago/)).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('1:58:57 left')).toBeInTheDocument();
  });

  it('shows Ending… once the time is up', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const rental = buildRental();
    const endsAt = Date.now() + 2000;
    serveRentals(() => [
      { ...rental, secondsLeft: Math.max(0, Math.floor((endsAt - Date.now()) / 1000)) },
    ]);
    renderRentals();
    expect(await screen.findByText('00:02 left', undefined, LOAD)).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByText('Ending…')).toBeInTheDocument();
  });

  it('offers only the power signals that make sense for the run state', async () => {
    const state = (
      value: 'running' | 'stopped' | 'starting' | 'unknown',
      name: string,
      detail: string | null = null,
    ) =>
      buildRental({
        server: serverRef(name, 'rust', 'Paris'),
        runState: { state: value, checkedAt: new Date().toISOString(), ageSeconds: 1, detail },
      });
    serveRentals([
      state('running', 'Up'),
      state('stopped', 'Down'),
      state('starting', 'Booting'),
      state('unknown', 'Asking', 'The control panel has not answered yet.'),
    ]);
    renderRentals();

    const up = await rowOf('Up');
    expect(within(up).getByRole('button', { name: 'Start' })).toBeDisabled();
    expect(within(up).getByRole('button', { name: 'Stop' })).toBeEnabled();
    expect(within(up).getByRole('button', { name: 'Restart' })).toBeEnabled();
    const down = await rowOf('Down');
    expect(within(down).getByRole('button', { name: 'Start' })).toBeEnabled();
    expect(within(down).getByRole('button', { name: 'Stop' })).toBeDisabled();
    expect(within(down).getByRole('button', { name: 'Restart' })).toBeDisabled();
    const booting = await rowOf('Booting');
    expect(within(booting).getByRole('button', { name: 'Start' })).toBeDisabled();
    expect(within(booting).getByRole('button', { name: 'Stop' })).toBeEnabled();
    // A panel that has not answered yet: said so, and no signal until its state is known.
    const asking = await rowOf('Asking');
    expect(within(asking).getByText('The control panel has not answered yet.')).toBeInTheDocument();
    for (const name of ['Start', 'Stop', 'Restart']) {
      expect(within(asking).getByRole('button', { name })).toBeDisabled();
    }
  });

  it('starts the game server through the API and shows the new state', async () => {
    const stopped = buildRental({
      server: serverRef('Power Test', 'rust', 'Paris'),
      runState: {
        state: 'stopped',
        checkedAt: new Date().toISOString(),
        ageSeconds: 2,
        detail: null,
      },
    });
    let current = stopped;
    serveRentals(() => [current]);
    const signals: unknown[] = [];
    server.use(
      http.post(`/api/rentals/${stopped.id}/power`, async ({ request }) => {
        signals.push(await request.json());
        current = {
          ...stopped,
          runState: {
            state: 'starting',
            checkedAt: new Date().toISOString(),
            ageSeconds: 0,
            detail: null,
          },
        };
        return HttpResponse.json({ data: current });
      }),
    );
    const { user } = renderRentals();
    const row = await rowOf('Power Test');
    await user.click(within(row).getByRole('button', { name: 'Start' }));

    expect(await within(row).findByText('starting')).toBeInTheDocument();
    expect(signals).toEqual([{ signal: 'start' }]);
    expect(await screen.findByText('Power Test is starting.')).toBeInTheDocument();
  });

  it("shows the panel's error in the API's words", async () => {
    const rental = buildRental({ server: serverRef('Slow Panel', 'ark', 'Tokyo') });
    serveRentals([rental]);
    const message =
      "The game server's control panel did not answer within 8 seconds, so it is not certain the server was restarted. Check its state in a moment before trying again. The vendor has been notified.";
    server.use(
      http.post(`/api/rentals/${rental.id}/power`, () =>
        HttpResponse.json(errorBody('PANEL_TIMEOUT', message), { status: 504 }),
      ),
    );
    const { user } = renderRentals();
    const row = await rowOf('Slow Panel');
    await user.click(within(row).getByRole('button', { name: 'Restart' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(message);
  });

  it('extends after showing the cost, the new end and the balance after', async () => {
    const rental = buildRental({
      server: serverRef('Longer', 'valheim', 'Oslo'),
      pricePerHour: '1.250000',
      endsAt: '2030-01-01T10:00:00.000Z',
    });
    serveRentals([rental]);
    const extensions: { body: unknown; key: string | null }[] = [];
    server.use(
      http.get('/api/wallet', () => HttpResponse.json({ data: walletWith('10.000000') })),
      http.post(`/api/rentals/${rental.id}/extend`, async ({ request }) => {
        extensions.push({
          body: await request.json(),
          key: request.headers.get('Idempotency-Key'),
        });
        return HttpResponse.json({
          data: {
            ...rental,
            hours: 6,
            endsAt: '2030-01-01T13:00:00.000Z',
            secondsLeft: rental.secondsLeft + 10_800,
          },
        });
      }),
    );
    const { user } = renderRentals();
    const row = await rowOf('Longer');
    await user.click(within(row).getByRole('button', { name: 'Extend: Longer' }));

    const dialog = await findDialog('Extend Longer');
    // The dialog opens on its first field, the hours, not on its Close button.
    await waitFor(() => expect(within(dialog).getByLabelText('Add how many hours?')).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: '2 h' }));
    expect(within(dialog).getByText('2.50 USDT')).toBeInTheDocument();
    expect(within(dialog).getByText('1.25 USDT × 2 hours')).toBeInTheDocument();
    expect(await within(dialog).findByText('10.00 USDT')).toBeInTheDocument();
    expect(within(dialog).getByText('7.50 USDT')).toBeInTheDocument();
    const field = within(dialog).getByLabelText('Add how many hours?');
    await user.clear(field);
    await user.type(field, '3');
    expect(within(dialog).getByText('3.75 USDT')).toBeInTheDocument();
    expect(within(dialog).getByText('6.25 USDT')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Pay 3.75 USDT and extend' }));
    expect(await screen.findByText(/Extended by 3 hours/)).toBeInTheDocument();
    expect(extensions).toHaveLength(1);
    expect(extensions[0]!.body).toEqual({ hours: 3, expectedTotal: '3.750000' });
    expect(extensions[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers a deposit when the wallet does not cover an extension', async () => {
    const rental = buildRental({ server: serverRef('Short', 'csgo', 'Warsaw') });
    serveRentals([rental]);
    server.use(
      http.get('/api/wallet', () => HttpResponse.json({ data: walletWith('0.500000') })),
      http.get('/api/wallet/deposit-config', () =>
        HttpResponse.json({ data: buildDepositConfig() }),
      ),
    );
    const { user } = renderRentals();
    await user.click(within(await rowOf('Short')).getByRole('button', { name: 'Extend: Short' }));
    const dialog = await findDialog('Extend Short');
    expect(
      await within(dialog).findByText('Your wallet is short by 0.75 USDT for 1 hour more.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Deposit USDT' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay 1.25 USDT and extend' })).toBeDisabled();
  });

  it('shows the refund before cancelling, then a toast with what came back', async () => {
    const rental = buildRental({
      server: serverRef('Goodbye', 'minecraft', 'Lyon'),
      pricePerHour: '1.250000',
      refundIfCancelled: '1.250000',
    });
    serveRentals([rental]);
    const cancels: (string | null)[] = [];
    server.use(
      // Read again when the dialog opens: a second hour has not begun yet.
      http.get(`/api/rentals/${rental.id}`, () =>
        HttpResponse.json({ data: { ...rental, refundIfCancelled: '2.500000' } }),
      ),
      http.post(`/api/rentals/${rental.id}/cancel`, ({ request }) => {
        cancels.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.json({
          data: {
            ...rental,
            status: 'CANCELLED',
            refunded: '2.500000',
            secondsLeft: 0,
            connection: null,
            runState: null,
          },
        });
      }),
    );
    const { user } = renderRentals();
    await user.click(
      within(await rowOf('Goodbye')).getByRole('button', { name: 'Cancel: Goodbye' }),
    );

    const dialog = await findDialog('Cancel Goodbye?');
    expect(await within(dialog).findByText('2.50 USDT')).toBeInTheDocument();
    expect(within(dialog).getByText(/for 2 hours not yet begun/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel rental' }));
    expect(
      await screen.findByText('Rental cancelled. 2.50 USDT was refunded to your wallet.'),
    ).toBeInTheDocument();
    expect(cancels).toHaveLength(1);
    expect(cancels[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('opens a dispute after saying what it does, and goes to its ticket', async () => {
    const rental = buildEndedRental('EXPIRED', {
      server: serverRef('Broken Box', 'rust', 'Paris'),
    });
    const ended = {
      ...rental,
      disputeUntil: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    };
    serveRentals([
      ended,
      buildEndedRental('EXPIRED', { server: serverRef('Long Ago'), disputeUntil: null }),
    ]);
    const sent: unknown[] = [];
    server.use(
      http.post(`/api/rentals/${rental.id}/dispute`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          {
            data: {
              id: '30000000-0000-4000-8000-000000000001',
              rentalId: rental.id,
              ticketId: '40000000-0000-4000-8000-000000000001',
              reason: 'NOT_AS_DESCRIBED',
              status: 'OPEN',
              outcome: null,
              openedAt: new Date().toISOString(),
              vendorAnswerDueAt: new Date(Date.now() + 48 * 3_600_000).toISOString(),
              resolvedAt: null,
              refundHours: 0,
              refundAmount: '0.000000',
              compensationAmount: '0.000000',
            },
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderRentals();
    const row = await rowOf('Broken Box');
    // Past the window a rental offers no dispute.
    expect(
      within(await rowOf('Long Ago')).queryByRole('button', { name: 'Dispute: Long Ago' }),
    ).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Dispute: Broken Box' }));
    const dialog = await findDialog('Dispute Broken Box');
    expect(dialog).toHaveTextContent('your payment for this rental is not released to the vendor');
    expect(dialog).toHaveTextContent('48 hours to answer');

    await user.click(within(dialog).getByRole('radio', { name: 'Not as described' }));
    await user.type(within(dialog).getByLabelText('What happened'), 'Too short');
    await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
    expect(
      await within(dialog).findByText('Describe what went wrong in at least 20 characters'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(
      within(dialog).getByLabelText('What happened'),
      ': the listing says 16 GB, the panel shows 4 GB.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
    expect(
      await screen.findByText('Dispute opened. Support and the vendor answer in its ticket.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        reason: 'NOT_AS_DESCRIBED',
        description: 'Too short: the listing says 16 GB, the panel shows 4 GB.',
        attachmentIds: [],
      },
    ]);
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/support/tickets/40000000-0000-4000-8000-000000000001',
    );
  });

  it('links an open dispute to its ticket instead of offering another', async () => {
    const rental = buildRental({ server: serverRef('Argued'), disputeUntil: null });
    serveRentals([
      {
        ...rental,
        dispute: {
          id: '30000000-0000-4000-8000-000000000002',
          rentalId: rental.id,
          ticketId: '40000000-0000-4000-8000-000000000002',
          reason: 'UNREACHABLE',
          status: 'OPEN',
          outcome: null,
          openedAt: new Date().toISOString(),
          vendorAnswerDueAt: new Date().toISOString(),
          resolvedAt: null,
          refundHours: 0,
          refundAmount: '0.000000',
          compensationAmount: '0.000000',
        },
      },
    ]);
    renderRentals();
    const row = await rowOf('Argued');
    const link = within(row).getByRole('link', { name: 'Dispute open: Argued' });
    expect(link).toHaveAttribute('href', '/support/tickets/40000000-0000-4000-8000-000000000002');
    expect(within(row).queryByRole('button', { name: 'Dispute: Argued' })).toBeNull();
  });

  it('says when the page is past the end instead of saying nothing was rented', async () => {
    serveRentals([], 45);
    renderRentals('/rentals?page=9');
    expect(
      await screen.findByText('This page is past the end of the list.', undefined, LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByText('You have not rented a server yet.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to the last page' })).toBeInTheDocument();
  });

  it('shows an empty state that leads to the servers', async () => {
    serveRentals([]);
    renderRentals();
    expect(
      await screen.findByText('You have not rented a server yet.', undefined, LOAD),
    ).toBeInTheDocument();
    const empty = screen.getByText('You have not rented a server yet.').closest('.ant-empty')!;
    expect(
      within(empty as HTMLElement).getByRole('link', { name: 'Browse Servers' }),
    ).toHaveAttribute('href', '/servers');
  });

  it('shows an error with Retry that asks again', async () => {
    let attempts = 0;
    server.use(
      http.get('/api/rentals', () => {
        attempts += 1;
        return attempts === 1
          ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'Something broke on our side.'), {
              status: 500,
            })
          : HttpResponse.json(
              rentalsAnswer([buildRental({ server: serverRef('Back Again', 'rust', 'Paris') })]),
            );
      }),
    );
    const { user } = renderRentals();
    expect(
      await screen.findByText('Something broke on our side.', undefined, LOAD),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Back Again' })).toBeInTheDocument();
  });

  it('shows cards instead of a table on a narrow screen', async () => {
    setViewportWidth(375);
    serveRentals([buildRental({ server: serverRef('Pocket', 'rust', 'Paris') })]);
    renderRentals();
    const list = await screen.findByRole('list', { name: 'My rentals' }, LOAD);
    expect(within(list).getByRole('link', { name: 'Pocket' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('is a signed-in page: a visitor is sent to sign in first', async () => {
    const view = renderRoute('/rentals?status=ACTIVE');
    await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 15_000 });
    expect(view.router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(view.router.state.location.search).get('redirectTo')).toBe(
      '/rentals?status=ACTIVE',
    );
  });

  it('is routed at /rentals for a signed-in renter', async () => {
    signIn();
    serveRentals([buildRental({ server: serverRef('Routed', 'rust', 'Paris') })]);
    renderRoute('/rentals');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Rentals' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Routed', { selector: 'a' }, LOAD)).toBeInTheDocument();
  });
});
