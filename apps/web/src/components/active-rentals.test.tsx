import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/msw-server';
import { renderRoute } from '../test/render-route';
import { buildRental, renderInApp, rentalsAnswer, signIn } from '../test/rental-fixtures';
import { buildWallet, transactionPage } from '../test/wallet-fixtures';
import { ActiveRentals } from './active-rentals';

const LOAD = { timeout: 10_000 };

afterEach(() => {
  vi.useRealTimers();
});

describe('active rentals on the dashboard', { timeout: 60_000 }, () => {
  it('lists the active rentals with their time left and run state, leading to /rentals', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/rentals', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(
          rentalsAnswer(
            [
              buildRental({
                server: {
                  id: '30000000-0000-4000-8000-000000000001',
                  name: 'Dash Craft',
                  game: 'minecraft',
                  region: { code: 'fra', name: 'Frankfurt', country: 'DE' },
                },
                secondsLeft: 3600,
                runState: {
                  state: 'stopped',
                  checkedAt: new Date().toISOString(),
                  ageSeconds: 1,
                  detail: null,
                },
              }),
            ],
            { total: 1 },
          ),
        );
      }),
    );
    renderInApp(<ActiveRentals />, { path: '/dashboard', at: '/dashboard' });

    const list = await screen.findByRole('list', { name: 'Active rentals' }, LOAD);
    expect(within(list).getByRole('link', { name: 'Dash Craft' })).toHaveAttribute(
      'href',
      '/rentals?status=ACTIVE',
    );
    expect(within(list).getByText('Minecraft · Frankfurt')).toBeInTheDocument();
    expect(within(list).getByText('1:00:00')).toBeInTheDocument();
    expect(within(list).getByText('stopped')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(within(list).getByText('59:55')).toBeInTheDocument();
    expect(within(list).getByText(/checked 6 s ago/)).toBeInTheDocument();
    expect(asked[0]?.get('status')).toBe('ACTIVE');
  });

  it('leads to the servers when nothing is rented', async () => {
    server.use(http.get('/api/rentals', () => HttpResponse.json(rentalsAnswer([]))));
    renderInApp(<ActiveRentals />, { path: '/dashboard', at: '/dashboard' });
    expect(await screen.findByText(/No active rentals/, undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Servers' })).toHaveAttribute(
      'href',
      '/servers',
    );
  });

  it('says how many more there are beyond the five shown', async () => {
    const rentals = Array.from({ length: 7 }, () => buildRental());
    server.use(
      http.get('/api/rentals', () => HttpResponse.json(rentalsAnswer(rentals, { total: 7 }))),
    );
    renderInApp(<ActiveRentals />, { path: '/dashboard', at: '/dashboard' });
    const list = await screen.findByRole('list', { name: 'Active rentals' }, LOAD);
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'and 2 more active rentals' })).toBeInTheDocument();
  });

  it('has its place on the dashboard', async () => {
    signIn();
    server.use(
      http.get('/api/wallet', () => HttpResponse.json({ data: buildWallet() })),
      http.get('/api/wallet/transactions', () => HttpResponse.json(transactionPage([]))),
      http.get('/api/rentals', () =>
        HttpResponse.json(
          rentalsAnswer([
            buildRental({
              server: {
                id: '30000000-0000-4000-8000-000000000009',
                name: 'On The Dashboard',
                game: 'rust',
                region: { code: 'par', name: 'Paris', country: 'FR' },
              },
            }),
          ]),
        ),
      ),
    );
    renderRoute('/dashboard');
    const list = await screen.findByRole('list', { name: 'Active rentals' }, { timeout: 15_000 });
    expect(within(list).getByRole('link', { name: 'On The Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage rentals' })).toHaveAttribute(
      'href',
      '/rentals',
    );
  });
});
