import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../test/auth-fixtures';
import { server } from '../test/msw-server';
import { signIn } from '../test/rental-fixtures';
import { renderRoute } from '../test/render-route';
import { VENDOR_USER } from '../features/vendor/test/earnings-fixtures';
import { serveListingStore } from '../features/vendor/test/listing-fixtures';
import { serveOverview } from '../features/vendor/test/overview-fixtures';

const FIND = { timeout: 10_000 };

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

  it.each(['/admin/x', '/admin', '/vendor/listings', '/vendor/apply', '/settings'])(
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
    expect(screen.getByText('November 26, 2026').closest('time')).toHaveAttribute(
      'datetime',
      '2026-11-26',
    );
  });

  it('opens /vendor/apply to a signed-in user in the storefront, the other /vendor paths only to vendors', async () => {
    signIn();
    server.use(
      http.get('/api/vendor/application', () =>
        HttpResponse.json({ data: { vendor: null, application: null, canApply: true } }),
      ),
    );
    const apply = renderRoute('/vendor/apply');
    expect(
      await screen.findByRole('button', { name: 'Send application' }, FIND),
    ).toBeInTheDocument();
    expect(apply.router.state.location.pathname).toBe('/vendor/apply');
    expect(screen.getByRole('link', { name: 'CrimsonHost home' })).toBeInTheDocument();
    apply.unmount();

    const other = renderRoute('/vendor/listings');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'The vendor area is for vendors' },
        FIND,
      ),
    ).toBeInTheDocument();
    expect(other.router.state.location.pathname).toBe('/vendor/listings');
    expect(screen.getByRole('link', { name: 'Become a vendor' })).toHaveAttribute(
      'href',
      '/vendor/apply',
    );
  });

  it('gives a vendor the vendor area: the Overview at /vendor, not-found for an unknown page', async () => {
    signIn(VENDOR_USER);
    serveListingStore([]);
    serveOverview();
    const area = renderRoute('/vendor');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Overview' }, FIND),
    ).toBeInTheDocument();
    expect(area.router.state.location.pathname).toBe('/vendor');
    expect(screen.getByRole('navigation', { name: 'Vendor area' })).toBeInTheDocument();
    area.unmount();

    const other = renderRoute('/vendor/no-such-page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, FIND),
    ).toBeInTheDocument();
    expect(other.router.state.location.pathname).toBe('/vendor/no-such-page');
    expect(screen.getByRole('navigation', { name: 'Vendor area' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Listings' })).toHaveAttribute(
      'href',
      '/vendor/listings',
    );
  });

  it.each([
    ['user', 'Become a vendor', '/vendor/apply'],
    ['vendor', 'Vendor account', '/vendor'],
  ] as const)('offers a %s the vendor page from the account menu', async (role, label, href) => {
    signIn(buildUser({ role, email: 'zoe@example.com' }));
    const { user } = renderRoute('/');
    await user.click(
      await screen.findByRole('button', { name: 'Account menu for zoe@example.com' }, FIND),
    );
    const logout = await screen.findByRole('menuitem', { name: /Logout/ }, FIND);
    const items = logout.closest<HTMLElement>('[role="menu"]')!;
    expect(within(items).getByRole('link', { name: label })).toHaveAttribute('href', href);
  });

  it('offers no vendor page to a staff account', async () => {
    signIn(buildUser({ role: 'support', email: 'agent@example.com' }));
    const { user } = renderRoute('/');
    await user.click(
      await screen.findByRole('button', { name: 'Account menu for agent@example.com' }, FIND),
    );
    const logout = await screen.findByRole('menuitem', { name: /Logout/ }, FIND);
    const items = logout.closest<HTMLElement>('[role="menu"]')!;
    expect(within(items).queryByRole('link', { name: /vendor/i })).not.toBeInTheDocument();
  });

  it('renders the vendor terms with their version as the date', async () => {
    renderRoute('/policies/vendor-terms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vendor terms' }, FIND),
    ).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByText('Vendor terms')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('November 25, 2026').closest('time')).toHaveAttribute(
      'datetime',
      '2026-11-25',
    );
  });
});
