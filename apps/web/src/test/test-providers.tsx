import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { AppProviders } from '../app/providers';

/**
 * The app's providers with antd's motion off. jsdom has no animation frames worth the name:
 * every drawer, modal, dropdown and toast otherwise waits out its enter and leave animations on
 * timers, and a test that closes one waits for the leave before the element goes. The app's
 * theme inherits this token, so everything else renders as in the product.
 */
export function TestProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AppProviders queryClient={queryClient}>{children}</AppProviders>
    </ConfigProvider>
  );
}
