import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import { AppProviders } from '../app/providers';
import { detachedStyles } from './detached-styles';

/**
 * The app's providers, with Ant Design's sheets out of the document (`detached-styles.ts`) and its
 * motion off. jsdom has no animation frames worth the name: every drawer, modal, dropdown and
 * toast otherwise waits out its enter and leave animations on timers, and a test that closes one
 * waits for the leave before the element goes. The app's theme inherits this token, so everything else renders
 * as in the product.
 */
export function TestProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <StyleProvider container={detachedStyles} mock="server">
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AppProviders queryClient={queryClient}>{children}</AppProviders>
      </ConfigProvider>
    </StyleProvider>
  );
}
