import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '../../../lib/storage';
import { errorBody } from '../../../test/auth-fixtures';
import { setPrefersDark } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { signIn } from '../../../test/rental-fixtures';
import { renderRoute } from '../../../test/render-route';
import { serveNotifications, serveSessions, threeSessions } from '../test/settings-fixtures';

const FIND = { timeout: 15_000 };

async function openSettings() {
  const view = renderRoute('/settings');
  await screen.findByRole('heading', { level: 1, name: 'Settings' }, FIND);
  return view;
}

/** The rows of the devices list, as a person reads them. */
async function deviceRows() {
  const list = await screen.findByRole('list', { name: 'Signed-in devices' }, FIND);
  return within(list).getAllByRole('listitem');
}

describe('settings page', { timeout: 60_000 }, () => {
  it('shows its sections in order', async () => {
    signIn();
    serveSessions();
    await openSettings();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Appearance', 'Mails', 'Signed-in devices', 'Connected accounts', 'Privacy']);
    expect(document.title).toBe('Settings · CrimsonHost');
  });

  it('lists the signed-in devices, this one first and marked, the others with Sign out', async () => {
    signIn();
    serveSessions();
    await openSettings();

    const rows = await deviceRows();
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Chrome 131 on Windows')).toBeInTheDocument();
    expect(within(first).getByText('This device')).toBeInTheDocument();
    expect(within(first).queryByRole('button')).not.toBeInTheDocument();
    expect(within(first).getByText('IP address 203.0.113.7')).toBeInTheDocument();
    expect(first).toHaveTextContent('Signed in 20 November 2026');
    expect(first).toHaveTextContent('Last active a minute ago');

    // The others by when they were last used, each signed out by a button named after it.
    expect(second).toHaveTextContent('Firefox 133 on Linux');
    expect(second).toHaveTextContent('Last active 5 minutes ago');
    expect(within(second).queryByText('This device')).not.toBeInTheDocument();
    expect(
      within(second).getByRole('button', { name: 'Sign out Firefox 133 on Linux' }),
    ).toBeInTheDocument();
    expect(third).toHaveTextContent('Safari 18 on iOS');
    expect(third).toHaveTextContent('IP address unknown');
    expect(third).toHaveTextContent('Signed in 2 November 2026');
    expect(third).toHaveTextContent('Last active 3 days ago');
    expect(within(third).getByRole('button', { name: 'Sign out Safari 18 on iOS' })).toBeEnabled();
  });

  it('signs out one device after confirming, then reads the list again', async () => {
    signIn();
    const api = serveSessions();
    const view = await openSettings();
    await deviceRows();
    const readsBefore = api.reads;

    await view.user.click(screen.getByRole('button', { name: 'Sign out Firefox 133 on Linux' }));
    expect(
      await screen.findByText('Sign out Firefox 133 on Linux?', undefined, FIND),
    ).toBeInTheDocument();
    expect(screen.getByText('It will need to sign in again.')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(
      await screen.findByText('Signed out Firefox 133 on Linux.', undefined, FIND),
    ).toBeInTheDocument();
    expect(api.deleted).toEqual(['1c3f6a2b-0d4e-4f5a-8b6c-7d8e9f0a1b2c']);
    expect(api.reads).toBeGreaterThan(readsBefore);
    expect(await deviceRows()).toHaveLength(2);
    expect(screen.queryByText('Firefox 133 on Linux')).not.toBeInTheDocument();
    // The keyboard's place is the list, not the page's top.
    expect(screen.getByRole('list', { name: 'Signed-in devices' })).toHaveFocus();
  });

  it('says so when the device was signed out already', async () => {
    signIn();
    const api = serveSessions();
    const view = await openSettings();
    await deviceRows();
    // Signed out elsewhere meanwhile: the server no longer knows it.
    api.sessions = api.sessions.filter((session) => session.device !== 'Safari 18 on iOS');

    await view.user.click(screen.getByRole('button', { name: 'Sign out Safari 18 on iOS' }));
    await view.user.click(await screen.findByRole('button', { name: 'Sign out' }, FIND));

    expect(
      await screen.findByText('Safari 18 on iOS was already signed out.', undefined, FIND),
    ).toBeInTheDocument();
    expect(await deviceRows()).toHaveLength(2);
  });

  it('signs out all other devices, and offers it no more once this is the only one', async () => {
    signIn();
    const api = serveSessions();
    const view = await openSettings();
    await deviceRows();

    const everyOther = screen.getByRole('button', { name: /Sign out all other devices/ });
    expect(everyOther).toBeEnabled();
    await view.user.click(everyOther);
    expect(
      await screen.findByText('Sign out all other devices?', undefined, FIND),
    ).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Sign out all' }));

    expect(
      await screen.findByText('Signed out 2 other devices.', undefined, FIND),
    ).toBeInTheDocument();
    expect(api.othersSignedOut).toBe(1);
    expect(await deviceRows()).toHaveLength(1);
    expect(screen.getByText('This device')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Sign out all other devices/ })).toBeDisabled();
  });

  it('shows why the devices could not be loaded and reads them again on Retry', async () => {
    signIn();
    serveNotifications();
    let fail = true;
    server.use(
      http.get('/api/auth/sessions', () =>
        fail
          ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'Something went wrong on our side.'), {
              status: 500,
            })
          : HttpResponse.json({ data: threeSessions() }),
      ),
    );
    const view = await openSettings();

    expect(
      await screen.findByText('Your signed-in devices could not be loaded', undefined, FIND),
    ).toBeInTheDocument();
    expect(screen.getByText('Something went wrong on our side.')).toBeInTheDocument();
    fail = false;
    await view.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await deviceRows()).toHaveLength(3);
  });

  it("changes the header's theme switch, and the switch changes it", async () => {
    signIn();
    serveSessions();
    const view = await openSettings();
    const themes = screen.getByRole('radiogroup', { name: 'Theme' });
    // Nothing stored: the site follows the system, light here.
    expect(within(themes).getByRole('radio', { name: 'Follow the system' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();

    await view.user.click(within(themes).getByRole('radio', { name: 'Dark' }));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    const header = screen.getByRole('banner');
    const headerSwitch = within(header).getByRole('button', { name: 'Switch to light theme' });

    await view.user.click(headerSwitch);
    expect(within(themes).getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('follows the system as it changes once told to, and forgets the stored choice', async () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    signIn();
    serveSessions();
    const view = await openSettings();
    const themes = screen.getByRole('radiogroup', { name: 'Theme' });
    expect(within(themes).getByRole('radio', { name: 'Light' })).toBeChecked();

    await view.user.click(within(themes).getByRole('radio', { name: 'Follow the system' }));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(screen.getByText(/Your system is set to light now/)).toBeInTheDocument();

    act(() => setPrefersDark(true));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByText(/Your system is set to dark now/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();

    act(() => setPrefersDark(false));
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
