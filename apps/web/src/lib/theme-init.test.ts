import { describe, expect, it } from 'vitest';
import themeInitSource from '../../public/theme-init.js?raw';
import { mediaPreferences, setViewportWidth } from '../test/match-media';
import { FIRST_SCREEN_COOKIES } from '@crimsonhost/shared/first-screen';
import { MOBILE_BREAKPOINT_PX } from '@crimsonhost/shared/constants';
import {
  ACCESS_TOKEN_STORAGE_KEYS,
  SIDEBAR_COLLAPSED_STORAGE_KEY,
  THEME_STORAGE_KEY,
} from './storage';

/** Runs public/theme-init.js in the global scope, as the browser does before the bundle loads. */
function runThemeInit(): void {
  window.eval(themeInitSource);
}

describe('public/theme-init.js', () => {
  it('applies the stored theme before the app starts', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    runThemeInit();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.backgroundColor).toBe('rgb(0, 0, 0)');
  });

  it('follows the system preference when nothing is stored', () => {
    mediaPreferences.prefersDark = true;
    runThemeInit();
    expect(document.documentElement.dataset.theme).toBe('dark');

    mediaPreferences.prefersDark = false;
    runThemeInit();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.documentElement.style.backgroundColor).toBe('rgb(245, 245, 245)');
  });

  it('ignores a stored value that is not a theme', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    runThemeInit();
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it.each(ACCESS_TOKEN_STORAGE_KEYS)(
    'marks a stored session (%s), from which a prerendered page is hidden',
    (key) => {
      delete document.documentElement.dataset.session;
      runThemeInit();
      expect(document.documentElement.dataset.session).toBeUndefined();
      window.localStorage.setItem(key, 'a-token');
      runThemeInit();
      expect(document.documentElement.dataset.session).toBe('stored');
      window.localStorage.removeItem(key);
      delete document.documentElement.dataset.session;
    },
  );

  it('tells the server the theme and the layout to draw the next page in', () => {
    const cookie = (name: string) =>
      document.cookie
        .split('; ')
        .find((part) => part.startsWith(`${name}=`))
        ?.split('=')[1];
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    setViewportWidth(MOBILE_BREAKPOINT_PX - 1);
    runThemeInit();
    expect(cookie(FIRST_SCREEN_COOKIES.theme)).toBe('dark');
    expect(cookie(FIRST_SCREEN_COOKIES.layout)).toBe('mobile');

    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    setViewportWidth(MOBILE_BREAKPOINT_PX);
    runThemeInit();
    expect(cookie(FIRST_SCREEN_COOKIES.theme)).toBe('light');
    expect(cookie(FIRST_SCREEN_COOKIES.layout)).toBe('wide');
  });

  it('marks a sidebar kept collapsed, for which a wide prerendered page is hidden', () => {
    delete document.documentElement.dataset.sidebar;
    runThemeInit();
    expect(document.documentElement.dataset.sidebar).toBeUndefined();
    window.localStorage.setItem(SIDEBAR_COLLAPSED_STORAGE_KEY, 'true');
    runThemeInit();
    expect(document.documentElement.dataset.sidebar).toBe('collapsed');
    delete document.documentElement.dataset.sidebar;
  });
});
