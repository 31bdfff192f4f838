import type { ReactNode } from 'react';
import { useAuth } from '../../../app/auth/auth-context';
import { StaffNotFound } from './staff-not-found';

/**
 * Wraps the staff area's admin-only routes (the audit log): support sees the not-found state, as
 * if the section did not exist, the same answer the API gives them.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { isAdmin } = useAuth();
  return isAdmin ? children : <StaffNotFound />;
}
