import type { ReactNode } from 'react';
import { useAuth } from '../../../app/auth/auth-context';
import { StaffNotFound } from './staff-not-found';

/**
 * Wraps the staff area's admin-only routes (the audit log): support sees the not-found state, as
 * if the section did not exist, the same answer the API gives them. Around an admin's action
 * inside a page, `fallback` is what support sees instead (often nothing).
 */
export function AdminOnly({
  children,
  fallback = <StaffNotFound />,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const { isAdmin } = useAuth();
  return isAdmin ? children : fallback;
}
