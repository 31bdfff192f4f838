import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SIDEBAR_COLLAPSED_STORAGE_KEY, THEME_STORAGE_KEY } from '../../lib/storage';
import { mediaPreferences, setPrefersDark, setViewportWidth } from '../../test/match-media';
import { renderRoute } from '../../test/render-route';

const LIGHT_LAYOUT_BG = 'rgb(245, 245, 245)';
const DARK_LAYOUT_BG = 'rgb(0, 0, 0)';

describe('customer layout', () => {
  it('shows the logo, the main menu, a Login link and the footer', async () => {
    renderRoute('/');

    expect(screen.getByRole('link', { name: 'CrimsonHost home' })).toHaveAttribute('href', '/');
    // The sidebar's menu is a chunk of its own, loaded as the layout mounts.
    const menu = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(menu).findByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(menu).getByRole('link', { name: 'Browse Servers' })).toHaveAttribute(
      'href',
      '/servers',
    );
    expect(screen.getByRole('link', { name: /login/i })).toHaveAttribute('href', '/login');

    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer).getByText('Premium gaming server hosting powered by cryptocurrency.'),
    ).toBeInTheDocument();
    for (const badge of ['99.9% uptime', 'DDoS protection', 'Global locations', '24/7 support']) {
      expect(within(footer).getByText(badge)).toBeInTheDocument();
    }
    expect(await within(footer).findByText('All systems operational')).toBeInTheDocument();
  });

  it('offers a skip link to the main content', () => {
    renderRoute('/');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it('switches to the dark theme, repaints with the dark algorithm and remembers it', async () => {
    const { user } = renderRoute('/');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.documentElement.style.backgroundColor).toBe(LIGHT_LAYOUT_BG);

    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));

    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.backgroundColor).toBe(DARK_LAYOUT_BG);
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement.style.backgroundColor).toBe(LIGHT_LAYOUT_BG);
  });

  it('starts in the stored theme, else in the system preference', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const first = renderRoute('/');
    expect(document.documentElement.dataset.theme).toBe('dark');
    first.unmount();

    window.localStorage.removeItem(THEME_STORAGE_KEY);
    mediaPreferences.prefersDark = true;
    renderRoute('/');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('follows the system as it changes while nothing is stored, until a theme is chosen', async () => {
    const { user } = renderRoute('/');
    expect(document.documentElement.dataset.theme).toBe('light');

    act(() => setPrefersDark(true));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.backgroundColor).toBe(DARK_LAYOUT_BG);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    act(() => setPrefersDark(false));
    act(() => setPrefersDark(true));
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('collapses the sidebar and keeps it collapsed on the next visit', async () => {
    const { user, unmount } = renderRoute('/');
    const sidebar = screen.getByRole('complementary');
    expect(sidebar).toHaveAttribute('data-collapsed', 'false');

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));

    expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_STORAGE_KEY)).toBe('true');
    unmount();

    renderRoute('/');
    expect(screen.getByRole('complementary')).toHaveAttribute('data-collapsed', 'true');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('below 768px replaces the sidebar with a navigation drawer', async () => {
    setViewportWidth(375);
    const { user, router } = renderRoute('/');
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Collapse sidebar' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));

    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    const panel = drawer.closest('.ant-drawer-content-wrapper');
    expect(panel).toHaveStyle({ width: '280px', maxWidth: '85vw' });

    await user.click(within(drawer).getByRole('link', { name: 'Browse Servers' }));
    expect(router.state.location.pathname).toBe('/servers');
    expect(screen.getByRole('button', { name: 'Open navigation' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('gives the header its scrolled style after 10px of scroll', () => {
    renderRoute('/');
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');

    act(() => {
      window.scrollY = 10;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).toHaveAttribute('data-scrolled', 'false');

    act(() => {
      window.scrollY = 11;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).toHaveAttribute('data-scrolled', 'true');
    window.scrollY = 0;
  });

  it('tells the visitor when the connection drops and comes back', async () => {
    renderRoute('/');
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText(/You are offline/)).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('You are back online.')).toBeInTheDocument();
  });
});
