import { useEffect, useRef, useState, type ReactNode } from 'react';
import { theme } from 'antd';

/**
 * A short hint under a control, shown while the pointer is over it or the keyboard has focused
 * it, hidden with Escape (WCAG 1.4.13), in Ant Design's tooltip colours. The header's theme switch
 * is the one tooltip of a first visit: Ant Design's Tooltip brings its trigger, its motion and,
 * through its context isolator, the whole form library (with the players bar's Progress, which
 * imports it too, 22.9 KB of a first visit to `/` with brotli: decision 053). The control must carry the same words as its own name (`aria-label`): the hint
 * is for eyes, so screen readers do not hear it twice.
 */
export function HintTooltip({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  // Focus that follows a press of the pointer is not the keyboard's: the hover shows the hint then.
  const pressed = useRef(false);
  const open = (hovered || focused) && !dismissed;
  // Escape hides it wherever the focus is: a hint shown by the pointer alone has no focus nearby.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return (
    <span
      style={{ position: 'relative', display: 'inline-flex' }}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => {
        setHovered(false);
        setDismissed(false);
      }}
      onPointerDown={() => {
        pressed.current = true;
      }}
      onFocus={() => {
        setFocused(!pressed.current);
        pressed.current = false;
      }}
      onBlur={() => {
        setFocused(false);
        setDismissed(false);
      }}
    >
      {children}
      {open && (
        <span
          aria-hidden="true"
          style={{
            position: 'absolute',
            top: `calc(100% + ${token.marginXS}px)`,
            right: 0,
            zIndex: token.zIndexPopupBase + 70,
            padding: `${token.paddingXS - 2}px ${token.paddingXS}px`,
            borderRadius: token.borderRadius,
            background: token.colorBgSpotlight,
            color: token.colorTextLightSolid,
            boxShadow: token.boxShadowSecondary,
            fontSize: token.fontSize,
            lineHeight: token.lineHeight,
            whiteSpace: 'nowrap',
          }}
        >
          {title}
        </span>
      )}
    </span>
  );
}
