import { App } from 'antd';
import { useMemo } from 'react';
import { TOAST_DURATION_MS } from '@crimsonhost/shared/constants';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  (kind: ToastKind, content: string, durationMs?: number): void;
}

/** Shows a toast for 5 seconds unless told otherwise; needs the antd App from the providers. */
export function useToast(): Toast {
  const { message } = App.useApp();
  return useMemo(
    () =>
      (kind: ToastKind, content: string, durationMs = TOAST_DURATION_MS) => {
        void message.open({ type: kind, content, duration: durationMs / 1000 });
      },
    [message],
  );
}
