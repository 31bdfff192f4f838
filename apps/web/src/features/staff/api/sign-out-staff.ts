import { apiClient } from '../../../lib/api-client';
import { dropStaffToken, requireStaffSignIn } from '../../../lib/staff-token';

/**
 * POST /api/auth/staff/sign-out: ends this session's staff sign-in (the storefront's stays), and
 * puts the code page in front of the area. A failure to reach the API changes nothing for the
 * person: the staff token is dropped here and the API ends the sign-in at its own idle timeout.
 */
export async function signOutStaff() {
  dropStaffToken();
  requireStaffSignIn('STAFF_SIGN_IN_REQUIRED');
  await apiClient.post('/auth/staff/sign-out', {}).catch(() => undefined);
}
