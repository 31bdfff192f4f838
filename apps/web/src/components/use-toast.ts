import { createContext, useContext, useMemo } from 'react';
import type { message } from 'antd';
import { TOAST_DURATION_MS } from '@crimsonhost/shared/constants';

/** What `message.useMessage()` gives: open, success, error... */
export type MessageApi = ReturnType<typeof message.useMessage>[0];

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  (kind: ToastKind, content: string, durationMs?: number): void;
}

/**
 * Ant Design's message API of the app, given by `ToastProvider` (`toast-provider.tsx`). The app
 * does without Ant Design's App, whose modal and notification hooks every first visit paid for.
 */
export const ToastContext = createContext<MessageApi | null>(null);

/** Shows a toast for 5 seconds unless told otherwise; needs the ToastProvider of the providers. */
export function useToast(): Toast {
  const message = useContext(ToastContext);
  if (!message) throw new Error('useToast needs a ToastProvider above it');
  return useMemo(
    () =>
      (kind: ToastKind, content: string, durationMs = TOAST_DURATION_MS) => {
        void message.open({ type: kind, content, duration: durationMs / 1000 });
      },
    [message],
  );
}
