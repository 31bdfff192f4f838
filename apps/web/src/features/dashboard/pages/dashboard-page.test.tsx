import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../../lib/storage';
import { buildAccessToken, buildUser } from '../../../test/auth-fixtures';
import { PLATINUM_BENEFITS, buildMyBenefits, serveBenefits } from '../../../test/benefits-fixtures';
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
    serveBenefits();
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

  describe('benefits tier line', () => {
    const serveWallet = () =>
      server.use(
        http.get('/api/wallet', () => HttpResponse.json({ data: buildWallet() })),
        http.get('/api/wallet/transactions', () => HttpResponse.json(transactionPage([]))),
      );
    const line = async () =>
      (await screen.findByText('Your benefits tier:', {}, FIND)).closest<HTMLElement>(
        '.ant-typography',
      )!;

    it('shows the tier and the progress to the next in one line, linking to /benefits', async () => {
      signedIn();
      serveWallet();
      serveBenefits();
      renderRoute('/dashboard');

      const tier = await line();
      expect(tier).toHaveTextContent(
        'Your benefits tier: Silver · 40.00 USDT of 100.00 USDT to Gold · See benefits',
      );
      expect(within(tier).getByRole('link', { name: 'See benefits' })).toHaveAttribute(
        'href',
        '/benefits',
      );
    });

    it('says Platinum is the top tier', async () => {
      signedIn();
      serveWallet();
      serveBenefits({ me: buildMyBenefits(PLATINUM_BENEFITS) });
      renderRoute('/dashboard');

      expect(await line()).toHaveTextContent('Platinum · the top tier · See benefits');
    });

    it('offers a retry when the tier could not be loaded', async () => {
      signedIn();
      serveWallet();
      serveBenefits({ me: 500 });
      const { user } = renderRoute('/dashboard');

      const failed = await line();
      expect(failed).toHaveTextContent('Your tier could not be loaded.');
      serveBenefits();
      await user.click(within(failed).getByRole('button', { name: 'Retry' }));
      expect(await line()).toHaveTextContent('Silver · 40.00 USDT of 100.00 USDT to Gold');
    });
  });
});
