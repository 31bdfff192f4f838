import type { ReactNode } from 'react';
import { message, theme } from 'antd';
import { TOAST_DURATION_MS } from '@crimsonhost/shared/constants';
import { ToastContext } from './use-toast';

const TOAST_DURATION_S = TOAST_DURATION_MS / 1000;

/**
 * Toasts for the app (`useToast`), themed by the ConfigProvider above, and the base text style
 * Ant Design's App gave its wrapper. It replaces App, which brought its modal and notification
 * hooks into every first visit (decision 020); a dialog is a Modal, or `Modal.useModal()`.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const [api, holder] = message.useMessage({ duration: TOAST_DURATION_S });
  return (
    <ToastContext.Provider value={api}>
      <div
        style={{
          color: token.colorText,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          fontFamily: token.fontFamily,
        }}
      >
        {holder}
        {children}
      </div>
    </ToastContext.Provider>
  );
}
