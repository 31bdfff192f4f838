import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../lib/storage';
import { buildAccessToken, buildSession, buildUser } from '../../test/auth-fixtures';
import { server } from '../../test/msw-server';
import { renderRoute } from '../../test/render-route';

const FIND = { timeout: 15_000 };

function profileAnswer(user = buildUser()) {
  return HttpResponse.json({ data: { user, recoveryCodesLeft: 10 } });
}

describe('protected routes', { timeout: 60_000 }, () => {
  it('send a visitor to /login and back to where they were after signing in', async () => {
    const user = buildUser({ email: 'returning@example.com' });
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ data: buildSession(user) })),
      http.get('/api/auth/profile', () => profileAnswer(user)),
    );
    const view = renderRoute('/profile?tab=security');

    await screen.findByRole('heading', { name: 'Sign in' }, FIND);
    expect(view.router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(view.router.state.location.search).get('redirectTo')).toBe(
      '/profile?tab=security',
    );

    await view.user.type(screen.getByLabelText('E-mail'), 'returning@example.com');
    await view.user.type(screen.getByLabelText('Password'), 'a long enough password');
    await view.user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { name: 'Your profile' }, FIND);
    expect(view.router.state.location.pathname).toBe('/profile');
    expect(view.router.state.location.search).toBe('?tab=security');
  });

  it('show Loading... and nothing of the page while the stored session is checked', async () => {
    storeTokens({ accessToken: buildAccessToken(), refreshToken: 'refresh-1', expiresAt: null });
    let answer!: () => void;
    server.use(
      http.get('/api/auth/profile', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return profileAnswer();
      }),
    );
    const view = renderRoute('/profile');

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your profile' })).not.toBeInTheDocument();
    // The header shows neither Login nor the avatar until the session is known.
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('link', { name: /login/i })).not.toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
    expect(within(header).getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    answer();

    await screen.findByRole('heading', { name: 'Your profile' }, FIND);
    expect(view.router.state.location.pathname).toBe('/profile');
    expect(within(header).getByRole('button', { name: /Account menu/ })).toBeInTheDocument();
    expect(within(header).queryByRole('status', { name: 'Loading...' })).not.toBeInTheDocument();
  });

  it('land on the home page after logging out from a signed-in page, not on /login', async () => {
    storeTokens({ accessToken: buildAccessToken(), refreshToken: 'refresh-1', expiresAt: null });
    server.use(
      http.get('/api/auth/profile', () => profileAnswer(buildUser({ email: 'zoe@example.com' }))),
      http.post('/api/auth/logout', () => HttpResponse.json({ data: { ok: true } })),
    );
    const view = renderRoute('/profile');
    await screen.findByRole('heading', { name: 'Your profile' }, FIND);
    // Every place the router goes from here on: a detour through /login would be in it.
    const visited: string[] = [];
    const stopWatching = view.router.subscribe((state) => visited.push(state.location.pathname));
    await view.user.click(screen.getByRole('button', { name: 'Account menu for zoe@example.com' }));
    await view.user.click(await screen.findByRole('menuitem', { name: /Logout/ }));

    // The login link shows once the session is gone; on the home page nothing redirects after
    // that, so what the router visited until now is all it will visit.
    await screen.findByRole('link', { name: /login/i }, FIND);
    stopWatching();
    expect(visited).not.toContain('/login');
    expect(view.router.state.location.pathname).toBe('/');
    expect(view.router.state.location.search).toBe('');
  });

  it('send a signed-in user who opens /login on to the redirect target', async () => {
    storeTokens({ accessToken: buildAccessToken(), refreshToken: 'refresh-1', expiresAt: null });
    server.use(http.get('/api/auth/profile', () => profileAnswer()));
    const view = renderRoute('/login?redirectTo=%2Fprofile');
    await screen.findByRole('heading', { name: 'Your profile' }, FIND);
    expect(view.router.state.location.pathname).toBe('/profile');
  });

  it('never follow a redirectTo that leaves the site', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ data: buildSession() })));
    const view = renderRoute('/login?redirectTo=%2F%2Fevil.example%2Fphish');
    await view.user.type(
      await screen.findByLabelText('E-mail', undefined, FIND),
      'renter@example.com',
    );
    await view.user.type(screen.getByLabelText('Password'), 'a long enough password');
    await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
  });
});

describe('header for a signed-in user', { timeout: 60_000 }, () => {
  it('shows the avatar with the first letter of the e-mail, its menu, Dashboard and Wallet', async () => {
    storeTokens({ accessToken: buildAccessToken(), refreshToken: 'refresh-1', expiresAt: null });
    server.use(
      http.get('/api/auth/profile', () => profileAnswer(buildUser({ email: 'zoe@example.com' }))),
      http.post('/api/auth/logout', () => HttpResponse.json({ data: { ok: true } })),
    );
    const view = renderRoute('/');
    const avatar = await screen.findByRole(
      'button',
      { name: 'Account menu for zoe@example.com' },
      FIND,
    );
    expect(avatar).toHaveTextContent('Z');
    expect(screen.queryByRole('link', { name: /login/i })).not.toBeInTheDocument();

    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(menu).getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/wallet');

    await view.user.click(avatar);
    const logout = await screen.findByRole('menuitem', { name: /Logout/ });
    const items = logout.closest<HTMLElement>('[role="menu"]')!;
    expect(within(items).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(items).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(within(items).getByRole('link', { name: 'Help & Support' })).toHaveAttribute(
      'href',
      '/support',
    );
    await view.user.click(logout);

    expect(await screen.findByRole('link', { name: /login/i }, FIND)).toHaveAttribute(
      'href',
      '/login',
    );
    expect(within(menu).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });
});
