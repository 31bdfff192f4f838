import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import { AppProviders } from '../app/providers';

/**
 * Where Ant Design's generated style sheets go in tests: an element outside the document. jsdom
 * computes a style by matching every rule of every sheet in the document against the element,
 * and role queries (is it hidden? what is its name?) and user-event's pointer-events check ask for
 * every ancestor: with Ant Design's sheets in the document that was about 70 % of the web suite's
 * CPU (decision 027). jsdom lays nothing out, so those sheets only ever decided `display` and
 * `visibility` here. Ant Design's inline styles and the project's own sheets still count; a test
 * that depends on what a generated class hides (a kept-but-closed dropdown, say) belongs in the
 * end-to-end suite, which renders the real styles in Chromium.
 */
const detachedStyles = document.createElement('div');

/**
 * The app's providers, with Ant Design's sheets out of the document (above) and its motion off.
 * jsdom has no animation frames worth the name: every drawer, modal, dropdown and toast otherwise
 * waits out its enter and leave animations on timers, and a test that closes one waits for the
 * leave before the element goes. The app's theme inherits this token, so everything else renders
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
    <StyleProvider container={detachedStyles}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AppProviders queryClient={queryClient}>{children}</AppProviders>
      </ConfigProvider>
    </StyleProvider>
  );
}
