import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/storage';
import { buildAccessToken, buildUser } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { buildTransaction, buildWallet, transactionPage } from '../../../test/wallet-fixtures';

const FIND = { timeout: 15_000 };

function signedIn() {
  storeTokens({ accessToken: buildAccessToken(), refreshToken: 'refresh-1', expiresAt: null });
  server.use(
    http.get('/api/auth/profile', () =>
      HttpResponse.json({
        data: { user: buildUser({ displayName: 'Ada' }), recoveryCodesLeft: 10 },
      }),
    ),
  );
}

describe('dashboard', { timeout: 60_000 }, () => {
  it('sends a visitor to sign in', async () => {
    const view = renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Sign in' }, FIND);
    expect(view.router.state.location.pathname).toBe('/login');
  });

  it('shows the balance, the five newest transactions and the shortcuts', async () => {
    signedIn();
    let asked: URLSearchParams | undefined;
    server.use(
      http.get('/api/wallet', () => HttpResponse.json({ data: buildWallet() })),
      http.get('/api/wallet/transactions', ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json(
          transactionPage(
            Array.from({ length: 7 }, (_, index) =>
              buildTransaction({ description: `Deposit number ${index + 1}` }),
            ),
            { pageSize: 10, total: 7 },
          ),
        );
      }),
    );
    renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome back, Ada' }, FIND);

    const recent = await screen.findByRole('region', { name: 'Recent transactions' }, FIND);
    expect(within(recent).getAllByRole('listitem')).toHaveLength(5);
    expect(within(recent).getByText('Deposit number 5')).toBeInTheDocument();
    expect(within(recent).queryByText('Deposit number 6')).toBeNull();
    expect(Object.fromEntries(asked!)).toEqual({ page: '1', pageSize: '10' });

    expect(
      await screen.findByText('1,250.50', { selector: 'section[aria-label="Balances"] *' }, FIND),
    ).toBeInTheDocument();
    const shortcuts = screen.getByRole('navigation', { name: 'Shortcuts' });
    expect(within(shortcuts).getByRole('link', { name: /Browse Servers/ })).toHaveAttribute(
      'href',
      '/servers',
    );
    expect(within(shortcuts).getByRole('link', { name: /Wallet/ })).toHaveAttribute(
      'href',
      '/wallet',
    );
    expect(within(shortcuts).getByRole('link', { name: /Support/ })).toHaveAttribute(
      'href',
      '/support',
    );
  });
});
