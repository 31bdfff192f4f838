import { useEffect, useState, type CSSProperties } from 'react';
import { ANNOUNCEMENT_CLEAR_MS } from '@crimsonhost/shared/constants';
import { useAuth } from './auth-context';

/** Visible to screen readers only. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * Spec section 2: on each authentication change a hidden polite status announcement says
 * 'Signed in as {email}' or 'Not signed in', and is removed after 1 second.
 */
export function AuthAnnouncer() {
  const { status, user } = useAuth();
  const settled =
    status === 'authenticated' && user
      ? `Signed in as ${user.email}`
      : status === 'unauthenticated' || status === 'error'
        ? 'Not signed in'
        : null;
  const [announced, setAnnounced] = useState<string | null>(null);
  const [visible, setVisible] = useState(false);
  if (settled !== null && settled !== announced) {
    setAnnounced(settled);
    setVisible(true);
  }

  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(false), ANNOUNCEMENT_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [visible, announced]);

  return (
    <div role="status" aria-live="polite" data-testid="auth-announcement" style={VISUALLY_HIDDEN}>
      {visible && announced ? <span>{announced}</span> : null}
    </div>
  );
}
