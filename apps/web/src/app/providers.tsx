import { useEffect, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { PRIMARY_COLOR, type Theme } from '@crimsonhost/shared/constants';
import { ToastProvider } from '../components/toast-provider';
import { ApiError } from '../lib/api-client';
import { ThemeModeProvider, useThemeMode } from './theme-mode';
import { useMediaQuery } from '../lib/use-media-query';
import { rememberThemeForFirstScreen } from '../lib/storage';

const MAX_QUERY_RETRIES = 2;

/** Retries only what may pass on a second try: no answer at all, or a server-side failure. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

const FONT_FAMILY =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/** Links get a red that keeps 4.5:1 contrast on each theme's background. */
const LINK_COLORS: Record<Theme, string> = { light: '#b91c1c', dark: '#f87171' };
/**
 * Error red that keeps 4.5:1 on each theme's background (antd's #ff4d4f has about 3.3:1 on
 * white): form errors, danger buttons and menu items are text a person must read.
 */
const ERROR_COLORS: Record<Theme, string> = { light: '#dc2626', dark: '#f87171' };
/** Secondary text (antd's default is 45% opacity, below 4.5:1) raised to 65% for contrast. */
const DESCRIPTION_COLORS: Record<Theme, string> = {
  light: 'rgba(0, 0, 0, 0.65)',
  dark: 'rgba(255, 255, 255, 0.65)',
};

/** The operating system's "reduce motion" setting (WCAG 2.3.3). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function themeConfig(theme: Theme, { reducedMotion = false } = {}): ThemeConfig {
  return {
    algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      // Someone who asked their system for less motion gets dialogs, menus and toasts that
      // appear and go without zooming or sliding (unset otherwise, so an outer provider decides).
      ...(reducedMotion ? { motion: false } : {}),
      colorPrimary: PRIMARY_COLOR,
      colorLink: LINK_COLORS[theme],
      colorTextDescription: DESCRIPTION_COLORS[theme],
      // Placeholders too: antd's 25% is far below 4.5:1 (an empty multi-select shows only it).
      colorTextPlaceholder: DESCRIPTION_COLORS[theme],
      colorError: ERROR_COLORS[theme],
      colorLinkHover: theme === 'dark' ? '#fca5a5' : '#991b1b',
      colorLinkActive: theme === 'dark' ? '#fecaca' : '#7f1d1d',
      fontFamily: FONT_FAMILY,
      borderRadius: 8,
    },
    components: {
      Menu: { itemSelectedColor: LINK_COLORS[theme] },
      // Unbordered descriptions (the rental cards on a phone) label in antd's 45% tertiary text,
      // about 3.4:1 on white: raised to the description colour, like the secondary text.
      Descriptions: { labelColor: DESCRIPTION_COLORS[theme] },
      // A primary button darkens under the pointer and when pressed: antd lightens it, and white
      // text on the lighter red falls below 4.5:1. Default buttons' hover text keeps the link
      // colours, which are readable on each theme's background.
      Button: {
        colorPrimaryHover: '#b91c1c',
        colorPrimaryActive: '#991b1b',
        defaultHoverColor: LINK_COLORS[theme],
        defaultHoverBorderColor: LINK_COLORS[theme],
        defaultActiveColor: theme === 'dark' ? '#fecaca' : '#7f1d1d',
        // In dark, the dark algorithm turns the error red into #d66363 (lighter when hovered):
        // white on it is about 3.5:1, so a solid danger button (Cancel deposit, Cancel rental)
        // writes in near-black, about 5:1, and stays light when pressed.
        ...(theme === 'dark' && {
          dangerColor: 'rgba(0, 0, 0, 0.88)',
          colorErrorActive: '#e89390',
        }),
      },
    },
  };
}

/** Paints <html> with the theme's colours (theme-init.js does the same before the bundle runs). */
function DocumentTheme({ theme }: { theme: Theme }) {
  const { token } = antdTheme.useToken();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
    root.style.backgroundColor = token.colorBgLayout;
    root.style.color = token.colorText;
    rememberThemeForFirstScreen(theme);
  }, [theme, token.colorBgLayout, token.colorText]);
  return null;
}

function ThemedDesignSystem({ children }: { children: ReactNode }) {
  const { theme } = useThemeMode();
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  return (
    <ConfigProvider theme={themeConfig(theme, { reducedMotion })}>
      <DocumentTheme theme={theme} />
      <ToastProvider>{children}</ToastProvider>
    </ConfigProvider>
  );
}

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <ThemedDesignSystem>{children}</ThemedDesignSystem>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
