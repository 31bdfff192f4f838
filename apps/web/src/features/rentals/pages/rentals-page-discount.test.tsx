import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MyBenefits } from '@crimsonhost/shared/benefits';
import type { Rental } from '@crimsonhost/shared/rentals';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { BRONZE_BENEFITS, myBenefitsHandler } from '../../../test/my-benefits-fixtures';
import {
  buildRental,
  findDialog,
  renderInApp,
  rentalsAnswer,
  signIn,
  walletWith,
} from '../../../test/rental-fixtures';
import { RentalsPage } from './rentals-page';

const LOAD = { timeout: 10_000 };

const SILVER: MyBenefits = {
  ...BRONZE_BENEFITS,
  tier: 'SILVER',
  since: '2026-11-01T09:00:00.000Z',
  spend: '30.000000',
  discountBp: 200,
  next: { tier: 'GOLD', threshold: '100.000000', missing: '70.000000' },
};

function renderRentals(rentals: Rental[], benefits: MyBenefits = SILVER) {
  signIn();
  server.use(
    myBenefitsHandler(benefits),
    http.get('/api/rentals', () => HttpResponse.json(rentalsAnswer(rentals))),
    http.get('/api/wallet', () => HttpResponse.json({ data: walletWith('10.000000') })),
  );
  return renderInApp(<RentalsPage />, { path: '/rentals', at: '/rentals' });
}

async function rowOf(name: string) {
  const link = await screen.findByText(name, { selector: 'a' }, LOAD);
  return link.closest('tr')!;
}

const longer = () =>
  buildRental({
    server: { ...buildRental().server, name: 'Longer' },
    pricePerHour: '1.250000',
    endsAt: '2030-01-01T10:00:00.000Z',
  });

describe('rentals with a tier discount', { timeout: 60_000 }, () => {
  it('shows what the tier discount took off what was paid', async () => {
    renderRentals([
      buildRental({
        server: { ...buildRental().server, name: 'Cheaper' },
        hours: 6,
        pricePerHour: '0.500000',
        paid: '2.940000',
        discount: '0.060000',
      }),
      buildRental({ server: { ...buildRental().server, name: 'Full price' } }),
    ]);
    const cheaper = await rowOf('Cheaper');
    expect(within(cheaper).getByText('2.94 USDT')).toBeInTheDocument();
    expect(within(cheaper).getByText('6 h × 0.50')).toBeInTheDocument();
    expect(within(cheaper).getByText('0.06 tier discount')).toBeInTheDocument();
    expect(within(await rowOf('Full price')).queryByText(/tier discount/)).toBeNull();
  });

  it('extends at the discounted cost and sends it as the expected total', async () => {
    const rental = longer();
    const bodies: unknown[] = [];
    server.use(
      http.post(`/api/rentals/${rental.id}/extend`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: { ...rental, hours: 5 } });
      }),
    );
    const { user } = renderRentals([rental]);
    await user.click(within(await rowOf('Longer')).getByRole('button', { name: 'Extend: Longer' }));
    const dialog = await findDialog('Extend Longer');
    await user.click(within(dialog).getByRole('button', { name: '2 h' }));

    expect(
      await within(dialog).findByRole('row', {
        name: /^List price 2\.50 USDT\s*1\.25 USDT × 2 hours$/,
      }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('row', { name: 'Silver discount (2 %) less 0.05 USDT' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: 'Cost 2.45 USDT' })).toBeInTheDocument();
    expect(await within(dialog).findByText('7.55 USDT')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Pay 2.45 USDT and extend' }));
    expect(await screen.findByText(/Extended by 2 hours/)).toBeInTheDocument();
    expect(bodies).toEqual([{ hours: 2, expectedTotal: '2.450000' }]);
  });

  it('shows the new cost after PRICE_CHANGED and extends at it on a second confirm', async () => {
    const rental = longer();
    const bodies: Array<{ expectedTotal?: string }> = [];
    const keys: Array<string | null> = [];
    const message =
      'The price changed since you saw it: it is now 2.500000 USDT. Check it and confirm again.';
    server.use(
      http.post(`/api/rentals/${rental.id}/extend`, async ({ request }) => {
        bodies.push((await request.json()) as { expectedTotal?: string });
        keys.push(request.headers.get('Idempotency-Key'));
        // The renter fell back to Bronze in between: no discount any more.
        return bodies.length === 1
          ? HttpResponse.json(
              errorBody('PRICE_CHANGED', message, {
                listTotal: '2.500000',
                discount: '0.000000',
                total: '2.500000',
                tier: 'BRONZE',
              }),
              { status: 409 },
            )
          : HttpResponse.json({ data: { ...rental, hours: 5 } });
      }),
    );
    const { user } = renderRentals([rental]);
    await user.click(within(await rowOf('Longer')).getByRole('button', { name: 'Extend: Longer' }));
    const dialog = await findDialog('Extend Longer');
    await user.click(within(dialog).getByRole('button', { name: '2 h' }));
    await within(dialog).findByText('7.55 USDT');
    await user.click(within(dialog).getByRole('button', { name: 'Pay 2.45 USDT and extend' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent('New total: 2.50 USDT.');
    expect(
      within(dialog).getByRole('row', { name: /^Cost 2\.50 USDT\s*1\.25 USDT × 2 hours$/ }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('List price')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Pay 2.50 USDT and extend' }));
    expect(await screen.findByText(/Extended by 2 hours/)).toBeInTheDocument();
    expect(bodies.map((body) => body.expectedTotal)).toEqual(['2.450000', '2.500000']);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('counts the refund of a discounted rental in the whole hours not yet begun', async () => {
    const rental = buildRental({
      server: { ...buildRental().server, name: 'Discounted' },
      pricePerHour: '1.250000',
      discount: '0.075000',
      // 2 hours 30 minutes left: 2 whole hours come back, at the discounted price.
      secondsLeft: 9000,
      refundIfCancelled: '2.450000',
    });
    server.use(http.get(`/api/rentals/${rental.id}`, () => HttpResponse.json({ data: rental })));
    const { user } = renderRentals([rental]);
    await user.click(
      within(await rowOf('Discounted')).getByRole('button', { name: 'Cancel: Discounted' }),
    );
    const dialog = await findDialog('Cancel Discounted?');
    expect(await within(dialog).findByText(/for 2 hours not yet begun/)).toBeInTheDocument();
  });
});
