import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../test/auth-fixtures';
import { server } from '../../test/msw-server';
import {
  buildRental,
  findDialog,
  renderInApp,
  signIn,
  walletWith,
} from '../../test/rental-fixtures';
import { buildDepositConfig } from '../../test/wallet-fixtures';
import { buildServerDetail } from '../../test/server-fixtures';
import { useServer } from '../../features/catalog/api/get-server';
import { RentPanel } from './rent-panel';

const LOAD = { timeout: 10_000 };

// The confirmation is a lazy chunk the app loads when "Rent" is first pressed (decision 030).
// Import it once up front so a dialog's wait measures the dialog, not the test runner compiling
// the chunk on a busy machine.
beforeAll(async () => {
  await import('./rent-confirmation');
});
const ID = '00000000-0000-4000-8000-00000000cafe';

function renderPanel(overrides: Parameters<typeof buildServerDetail>[0] = {}, at?: string) {
  const detail = buildServerDetail({
    id: ID,
    name: 'Frag Central',
    price: '0.070000',
    ...overrides,
  });
  const view = renderInApp(<RentPanel server={detail} />, {
    path: '/servers/:id',
    at: at ?? `/servers/${ID}`,
  });
  return { ...view, detail };
}

async function chooseHours(user: ReturnType<typeof renderPanel>['user'], hours: string) {
  const field = await screen.findByLabelText('How many hours?', undefined, LOAD);
  await user.clear(field);
  await user.type(field, hours);
}

function serveWallet(available: string) {
  server.use(http.get('/api/wallet', () => HttpResponse.json({ data: walletWith(available) })));
}

describe('rent panel', { timeout: 60_000 }, () => {
  it('shows the exact total for the hours chosen, typed or picked', async () => {
    signIn();
    const { user } = renderPanel();
    await chooseHours(user, '36');
    expect(await screen.findByText('2.52 USDT')).toBeInTheDocument();
    expect(screen.getByText('0.07 USDT × 36 hours')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '24 h' }));
    expect(screen.getByRole('button', { name: '24 h' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('1.68 USDT')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rent for 1.68 USDT' })).toBeEnabled();
  });

  it('keeps parts of a cent rather than rounding what is paid', async () => {
    signIn();
    const { user } = renderPanel({ price: '0.032877' });
    await chooseHours(user, '6');
    expect(await screen.findByText('0.197262 USDT')).toBeInTheDocument();
  });

  it('confirms with the balance after, pays with an Idempotency-Key and goes to /rentals', async () => {
    signIn();
    serveWallet('50.000000');
    const requests: { body: unknown; key: string | null }[] = [];
    server.use(
      http.post('/api/rentals', async ({ request }) => {
        requests.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
        return HttpResponse.json(
          {
            data: buildRental({
              server: {
                id: ID,
                name: 'Frag Central',
                game: 'csgo',
                region: { code: 'fra', name: 'Frankfurt', country: 'DE' },
              },
              hours: 6,
            }),
          },
          { status: 201 },
        );
      }),
    );
    const { user, router } = renderPanel();
    await user.click(await screen.findByRole('button', { name: '6 h' }, LOAD));
    await user.click(screen.getByRole('button', { name: 'Rent for 0.42 USDT' }));

    const dialog = await findDialog('Confirm your rental');
    expect(within(dialog).getByText('Frag Central')).toBeInTheDocument();
    expect(within(dialog).getByText('6 hours')).toBeInTheDocument();
    expect(within(dialog).getByText('0.42 USDT')).toBeInTheDocument();
    expect(await within(dialog).findByText('50.00 USDT')).toBeInTheDocument();
    expect(within(dialog).getByText('49.58 USDT')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Pay 0.42 USDT and rent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rentals'));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toEqual({ serverId: ID, hours: 6, expectedTotal: '0.420000' });
    expect(requests[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/Frag Central is yours for 6 hours/)).toBeInTheDocument();
  });

  it('uses platform credit first, then the wallet, as the server takes it', async () => {
    signIn();
    server.use(
      http.get('/api/wallet', () =>
        HttpResponse.json({ data: walletWith('50.000000', '0.300000') }),
      ),
    );
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: '6 h' }, LOAD));
    await user.click(screen.getByRole('button', { name: 'Rent for 0.42 USDT' }));
    const dialog = await findDialog('Confirm your rental');
    expect(
      await within(dialog).findByText('0.30 platform credit, then 0.12 USDT'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Credit is used first; you have 0.30.')).toBeInTheDocument();
    expect(within(dialog).getByText('49.88 USDT')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Pay 0.30 credit + 0.12 USDT and rent' }),
    ).toBeEnabled();
  });

  it('counts credit toward what the wallet lacks', async () => {
    signIn();
    server.use(
      http.get('/api/wallet', () =>
        HttpResponse.json({ data: walletWith('0.100000', '0.300000') }),
      ),
      http.get('/api/wallet/deposit-config', () =>
        HttpResponse.json({ data: buildDepositConfig() }),
      ),
    );
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: '6 h' }, LOAD));
    await user.click(screen.getByRole('button', { name: 'Rent for 0.42 USDT' }));
    const dialog = await findDialog('Confirm your rental');
    expect(await within(dialog).findByText(/short by 0\.02 USDT/)).toBeInTheDocument();
  });

  it('goes to /rentals even when the refreshed server already says it is mine', async () => {
    // On the detail page the panel is fed by the server's query. Paying refreshes it: the server
    // comes back RENTED by this renter and the panel turns into "You are renting this server",
    // taking the confirmation with it. The toast and the move to /rentals must not depend on
    // the confirmation still being there (they once did: the e2e run missed the toast at times).
    signIn();
    let rented = false;
    const rental = buildRental({
      server: { ...buildRental().server, id: ID, name: 'Frag Central' },
      hours: 6,
    });
    server.use(
      // The wallet answers last after paying, so the server's fresh answer is on screen first.
      http.get('/api/wallet', async () => {
        if (rented) await delay(300);
        return HttpResponse.json({ data: walletWith('50.000000') });
      }),
      http.get(`/api/servers/${ID}`, () =>
        HttpResponse.json({
          data: buildServerDetail({
            id: ID,
            name: 'Frag Central',
            price: '0.070000',
            availability: rented ? 'RENTED' : 'AVAILABLE',
          }),
        }),
      ),
      http.get('/api/rentals', () =>
        HttpResponse.json({
          data: rented ? [rental] : [],
          meta: {
            page: 1,
            pageSize: 10,
            total: rented ? 1 : 0,
            totalExact: true,
            nextCursor: null,
          },
        }),
      ),
      http.post('/api/rentals', () => {
        rented = true;
        return HttpResponse.json({ data: rental }, { status: 201 });
      }),
    );
    function LivePanel() {
      const detail = useServer(ID);
      return detail.data ? <RentPanel server={detail.data} /> : null;
    }
    const { user, router } = renderInApp(<LivePanel />, {
      path: '/servers/:id',
      at: `/servers/${ID}`,
    });
    await user.click(await screen.findByRole('button', { name: '6 h' }, LOAD));
    await user.click(screen.getByRole('button', { name: 'Rent for 0.42 USDT' }));
    const dialog = await findDialog('Confirm your rental');
    await within(dialog).findByText('49.58 USDT');
    await user.click(within(dialog).getByRole('button', { name: 'Pay 0.42 USDT and rent' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/rentals'), LOAD);
    expect(await screen.findByText(/Frag Central is yours for 6 hours/)).toBeInTheDocument();
  });

  it('sends a retry of the same attempt with the same Idempotency-Key', async () => {
    signIn();
    serveWallet('50.000000');
    const keys: (string | null)[] = [];
    server.use(
      http.post('/api/rentals', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return keys.length === 1
          ? HttpResponse.json(errorBody('SERVICE_UNAVAILABLE', 'Try again in a moment.'), {
              status: 503,
            })
          : HttpResponse.json({ data: buildRental() }, { status: 201 });
      }),
    );
    const { user, router } = renderPanel();
    await user.click(await screen.findByRole('button', { name: /^Rent for/ }, LOAD));
    const dialog = await findDialog('Confirm your rental');
    await within(dialog).findByText('50.00 USDT');
    await user.click(within(dialog).getByRole('button', { name: /^Pay .* and rent$/ }));
    expect(await within(dialog).findByText('Try again in a moment.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /^Pay .* and rent$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rentals'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says how much is missing and opens the deposit dialog with the shortfall rounded up', async () => {
    signIn();
    serveWallet('1.000000');
    server.use(
      http.get('/api/wallet/deposit-config', () =>
        HttpResponse.json({ data: buildDepositConfig() }),
      ),
    );
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: '24 h' }, LOAD));
    await user.click(screen.getByRole('button', { name: 'Rent for 1.68 USDT' }));

    const dialog = await findDialog('Confirm your rental');
    expect(
      await within(dialog).findByText('Your wallet is short by 0.68 USDT for this rental.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('-0.68 USDT')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay 1.68 USDT and rent' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Deposit USDT' }));
    const deposit = await findDialog('Deposit USDT');
    expect(await within(deposit).findByDisplayValue('10', undefined, LOAD)).toBeInTheDocument();
  });

  it("shows the API's shortfall when the wallet was spent meanwhile", async () => {
    signIn();
    let balance = '50.000000';
    server.use(
      http.get('/api/wallet/deposit-config', () =>
        HttpResponse.json({ data: buildDepositConfig() }),
      ),
      http.get('/api/wallet', () => HttpResponse.json({ data: walletWith(balance) })),
      http.post('/api/rentals', () => {
        balance = '0.040000';
        return HttpResponse.json(
          errorBody('INSUFFICIENT_FUNDS', 'Your wallet balance does not cover this rental', {
            total: '0.140000',
            balance: '0.040000',
            shortfall: '0.100000',
          }),
          { status: 422 },
        );
      }),
    );
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Rent for 0.14 USDT' }, LOAD));
    const dialog = await findDialog('Confirm your rental');
    await within(dialog).findByText('50.00 USDT');
    await user.click(within(dialog).getByRole('button', { name: 'Pay 0.14 USDT and rent' }));

    expect(
      await within(dialog).findByText('Your wallet is short by 0.10 USDT for this rental.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Deposit USDT' })).toBeInTheDocument();
    // The balance is read again, and the confirmation shows what is there now.
    expect(await within(dialog).findByText('0.04 USDT')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Your wallet is short by 0.10 USDT for this rental.'),
    ).toBeVisible();
  });

  it('says when the server was taken meanwhile and disables Rent', async () => {
    signIn();
    serveWallet('50.000000');
    server.use(
      http.post('/api/rentals', () =>
        HttpResponse.json(
          errorBody(
            'SERVER_NOT_AVAILABLE',
            'This server was just rented by someone else or is not online. Choose another server.',
          ),
          { status: 409 },
        ),
      ),
    );
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: /^Rent for/ }, LOAD));
    const dialog = await findDialog('Confirm your rental');
    await within(dialog).findByText('50.00 USDT');
    await user.click(within(dialog).getByRole('button', { name: /^Pay .* and rent$/ }));

    expect(await screen.findByText('This server is no longer available')).toBeInTheDocument();
    expect(screen.getByText(/just rented by someone else/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse other servers' })).toHaveAttribute(
      'href',
      '/servers',
    );
    expect(screen.getByRole('button', { name: /^Rent for/ })).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks a visitor to sign in and brings them back with the same hours', async () => {
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: '12 h' }, LOAD));
    const signInLink = screen.getByRole('link', { name: 'Sign in to rent' });
    expect(signInLink).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent(`/servers/${ID}?hours=12`)}`,
    );
    expect(screen.queryByRole('button', { name: /^Rent/ })).not.toBeInTheDocument();
  });

  it('starts from the hours in the address', async () => {
    signIn();
    renderPanel({}, `/servers/${ID}?hours=12`);
    expect(await screen.findByRole('button', { name: 'Rent for 0.84 USDT' }, LOAD)).toBeEnabled();
  });

  it.each([
    [{ availability: 'RENTED' as const }, 'Someone is renting this server right now.'],
    [{ availability: 'MAINTENANCE' as const }, /in maintenance/],
    [{ status: 'maintenance' as const }, /in maintenance/],
    [{ status: 'offline' as const }, /offline/],
  ])(
    'offers no Rent, only the reason, for a server that cannot be rented (%o)',
    async (state, reason) => {
      signIn();
      server.use(
        http.get('/api/rentals', () =>
          HttpResponse.json({
            data: [],
            meta: { page: 1, pageSize: 10, total: 0, totalExact: true, nextCursor: null },
          }),
        ),
      );
      renderPanel(state);
      expect(await screen.findByText(reason, undefined, LOAD)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Rent/ })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('How many hours?')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Browse other servers' })).toHaveAttribute(
        'href',
        '/servers',
      );
    },
  );

  it('does not ask a visitor to sign in for a server nobody can rent now', async () => {
    renderPanel({ availability: 'RENTED' });
    expect(
      await screen.findByText('Someone is renting this server right now.', undefined, LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to rent' })).not.toBeInTheDocument();
  });

  it('names a rental of this server as mine and points to My Rentals', async () => {
    signIn();
    const asked: string[] = [];
    server.use(
      http.get('/api/rentals', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({
          data: [buildRental({ server: { ...buildRental().server, id: ID } })],
          meta: { page: 1, pageSize: 10, total: 1, totalExact: true, nextCursor: null },
        });
      }),
    );
    renderPanel({ availability: 'RENTED' });
    expect(
      await screen.findByText('You are renting this server.', undefined, LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Someone is renting/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Rentals' })).toHaveAttribute(
      'href',
      '/rentals?status=ACTIVE',
    );
    expect(asked).toEqual([`?status=ACTIVE&serverId=${ID}&page=1&pageSize=10`]);
  });
});
