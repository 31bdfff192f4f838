import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Theme } from '@crimsonhost/shared/constants';
import { forgetStoredTheme, readStoredTheme, storeTheme } from '../lib/storage';
import { useMediaQuery } from '../lib/use-media-query';

/** What the person chose: a theme, or to follow the operating system's (nothing stored). */
export type ThemePreference = Theme | 'system';

const PREFERS_DARK_QUERY = '(prefers-color-scheme: dark)';

interface ThemeMode {
  /** The theme shown: the chosen one, or the operating system's while following it. */
  theme: Theme;
  preference: ThemePreference;
  /** Light or dark is stored; 'system' forgets the choice, as theme-init.js reads it. */
  setPreference: (preference: ThemePreference) => void;
  /** The header's switch: the other theme than the one shown, kept as a choice. */
  toggleTheme: () => void;
}

const ThemeModeContext = createContext<ThemeMode | null>(null);

/**
 * The stored choice wins; without one, the operating system's preference, followed as it changes
 * (theme-init.js does the same before the bundle loads).
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<ThemePreference>(
    () => readStoredTheme() ?? 'system',
  );
  const systemDark = useMediaQuery(PREFERS_DARK_QUERY);
  const theme: Theme = preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;

  const setPreference = useCallback((next: ThemePreference) => {
    if (next === 'system') forgetStoredTheme();
    else storeTheme(next);
    setPreferenceState(next);
  }, []);

  const toggleTheme = useCallback(
    () => setPreference(theme === 'dark' ? 'light' : 'dark'),
    [theme, setPreference],
  );

  const value = useMemo(
    () => ({ theme, preference, setPreference, toggleTheme }),
    [theme, preference, setPreference, toggleTheme],
  );
  return <ThemeModeContext value={value}>{children}</ThemeModeContext>;
}

export function useThemeMode(): ThemeMode {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside ThemeModeProvider');
  return value;
}
