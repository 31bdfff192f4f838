import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../test/render-route';

describe('routes', () => {
  it('answers an unknown path with the not-found page inside the layout', async () => {
    renderRoute('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText(/Nothing lives at \/no-such-page/)).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Back Home' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'Browse Servers' })).toHaveAttribute(
      'href',
      '/servers',
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('takes the visitor home from the not-found page', async () => {
    const { user, router } = renderRoute('/no-such-page');
    const main = screen.getByRole('main');
    await user.click(await within(main).findByRole('link', { name: 'Back Home' }));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Your own game server, rented by the hour.',
    );
  });

  it('shows the server list at /servers', async () => {
    renderRoute('/servers');
    expect(
      await screen.findByRole('heading', { name: 'Browse Servers' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it.each(['/admin/x', '/admin', '/vendor/listings'])(
    'sends a visitor from %s to /login, remembering where they were going',
    async (path) => {
      const { router } = renderRoute(path);
      await screen.findByRole('heading', { name: 'Sign in' });
      expect(router.state.location.pathname).toBe('/login');
      expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(path);
    },
  );

  it('renders the buyer protection policy with its breadcrumb', async () => {
    renderRoute('/policies/buyer-protection');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Buyer protection policy' }),
    ).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(breadcrumb).getByText('Buyer protection')).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('November 22, 2026').closest('time')).toHaveAttribute(
      'datetime',
      '2026-11-22',
    );
  });
});
