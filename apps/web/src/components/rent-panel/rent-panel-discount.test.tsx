import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MyBenefits } from '@crimsonhost/shared/benefits';
import { errorBody } from '../../test/auth-fixtures';
import { server } from '../../test/msw-server';
import { BRONZE_BENEFITS, myBenefitsHandler } from '../../test/my-benefits-fixtures';
import {
  buildRental,
  findDialog,
  renderInApp,
  signIn,
  walletWith,
} from '../../test/rental-fixtures';
import { buildServerDetail } from '../../test/server-fixtures';
import { RentPanel } from './rent-panel';

const LOAD = { timeout: 10_000 };
const ID = '00000000-0000-4000-8000-00000000beef';

/** 2 % off: 6 hours at 0.50 list at 3.00 and cost 2.94. */
const SILVER: MyBenefits = {
  ...BRONZE_BENEFITS,
  tier: 'SILVER',
  since: '2026-11-01T09:00:00.000Z',
  spend: '30.000000',
  discountBp: 200,
  next: { tier: 'GOLD', threshold: '100.000000', missing: '70.000000' },
};

beforeAll(async () => {
  await import('./rent-confirmation');
});

interface Sent {
  body: { serverId: string; hours: number; expectedTotal?: string };
  key: string | null;
}

/** A signed-in renter with `benefits` and `available` USDT; records what POST /api/rentals gets. */
function setUp(benefits: MyBenefits, available = '50.000000') {
  signIn();
  const sent: Sent[] = [];
  server.use(
    myBenefitsHandler(benefits),
    http.get('/api/wallet', () => HttpResponse.json({ data: walletWith(available) })),
  );
  const view = renderInApp(
    <RentPanel server={buildServerDetail({ id: ID, name: 'Frag Central', price: '0.500000' })} />,
    { path: '/servers/:id', at: `/servers/${ID}` },
  );
  return { ...view, sent };
}

const record =
  (sent: Sent[]) =>
  async ({ request }: { request: Request }) => {
    sent.push({
      body: (await request.json()) as Sent['body'],
      key: request.headers.get('Idempotency-Key'),
    });
  };

describe('rent panel with a tier discount', { timeout: 60_000 }, () => {
  it('shows the list price, the discount as a reduction and the total, and sends that total', async () => {
    const { user, router, sent } = setUp(SILVER);
    server.use(
      http.post('/api/rentals', async (info) => {
        await record(sent)(info);
        return HttpResponse.json({ data: buildRental({ hours: 6 }) }, { status: 201 });
      }),
    );
    await user.click(await screen.findByRole('button', { name: '6 h' }, LOAD));
    // The panel's total is already the discounted one.
    expect(await screen.findByRole('button', { name: 'Rent for 2.94 USDT' })).toBeEnabled();
    expect(screen.getByText('Your Silver discount (2 %) takes 0.06 USDT off.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rent for 2.94 USDT' }));

    const dialog = await findDialog('Confirm your rental');
    expect(within(dialog).getByText('0.50 USDT / hour')).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: 'List price 3.00 USDT' })).toBeInTheDocument();
    // A reduction in words for screen readers; the minus sign is for the eye only.
    const discount = within(dialog).getByRole('row', {
      name: 'Silver discount (2 %) less 0.06 USDT',
    });
    expect(within(discount).getByText('−0.06 USDT')).toHaveAttribute('aria-hidden', 'true');
    expect(within(discount).getByText('less 0.06 USDT')).toHaveClass('visually-hidden');
    expect(within(dialog).getByRole('row', { name: 'Total 2.94 USDT' })).toBeInTheDocument();
    expect(await within(dialog).findByText('47.06 USDT')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Pay 2.94 USDT and rent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rentals'));
    expect(sent.map((request) => request.body)).toEqual([
      { serverId: ID, hours: 6, expectedTotal: '2.940000' },
    ]);
  });

  it('shows no discount lines without a discount', async () => {
    const { user } = setUp(BRONZE_BENEFITS);
    await user.click(await screen.findByRole('button', { name: '6 h' }, LOAD));
    await user.click(screen.getByRole('button', { name: 'Rent for 3.00 USDT' }));
    const dialog = await findDialog('Confirm your rental');
    expect(within(dialog).getByRole('row', { name: 'Total 3.00 USDT' })).toBeInTheDocument();
    expect(within(dialog).queryByText('List price')).toBeNull();
    expect(within(dialog).queryByText(/discount/)).toBeNull();
    expect(screen.queryByText(/takes .* off/)).toBeNull();
  });

  it('asks the wallet for the discounted total, not the list price', async () => {
    // 2.95 USDT: short of the list price (3.00), enough for the total (2.94).
    const { user } = setUp(SILVER, '2.950000');
    await user.click(await screen.findByRole('button', { name: '6 h' }, LOAD));
    await user.click(screen.getByRole('button', { name: 'Rent for 2.94 USDT' }));
    const dialog = await findDialog('Confirm your rental');
    expect(await within(dialog).findByText('0.01 USDT')).toBeInTheDocument();
    expect(within(dialog).queryByText(/short by/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Pay 2.94 USDT and rent' })).toBeEnabled();
  });

  it('shows the new price after PRICE_CHANGED and pays it on a second confirm', async () => {
    const { user, router, sent } = setUp(SILVER);
    const message =
      'The price changed since you saw it: it is now 3.528000 USDT. Check it and confirm again.';
    server.use(
      http.post('/api/rentals', async (info) => {
        await record(sent)(info);
        return sent.length === 1
          ? HttpResponse.json(
              errorBody('PRICE_CHANGED', message, {
                listTotal: '3.600000',
                discount: '0.072000',
                total: '3.528000',
                tier: 'SILVER',
              }),
              { status: 409 },
            )
          : HttpResponse.json({ data: buildRental({ hours: 6 }) }, { status: 201 });
      }),
    );
    await user.click(await screen.findByRole('button', { name: '6 h' }, LOAD));
    await user.click(screen.getByRole('button', { name: 'Rent for 2.94 USDT' }));
    const dialog = await findDialog('Confirm your rental');
    await within(dialog).findByText('47.06 USDT');
    await user.click(within(dialog).getByRole('button', { name: 'Pay 2.94 USDT and rent' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent('New total: 3.528 USDT.');
    // The API's price replaces the one shown; the old price per hour no longer holds.
    expect(within(dialog).getByRole('row', { name: 'List price 3.60 USDT' })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('row', { name: 'Silver discount less 0.072 USDT' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: 'Total 3.528 USDT' })).toBeInTheDocument();
    expect(within(dialog).queryByText('0.50 USDT / hour')).toBeNull();
    expect(router.state.location.pathname).toBe(`/servers/${ID}`);

    await user.click(within(dialog).getByRole('button', { name: 'Pay 3.528 USDT and rent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rentals'));
    expect(sent.map((request) => request.body.expectedTotal)).toEqual(['2.940000', '3.528000']);
    // A new price is a new attempt: never the old attempt's key with another body.
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });
});
