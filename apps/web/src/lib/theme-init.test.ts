import { describe, expect, it } from 'vitest';
import themeInitSource from '../../public/theme-init.js?raw';
import { mediaPreferences } from '../test/match-media';
import { THEME_STORAGE_KEY } from './storage';

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
});
