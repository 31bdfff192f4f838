import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/auth/logout with the session's own Bearer header and an empty body. The tokens are
 * already gone from storage when it runs, hence the explicit header. Failures are ignored.
 */
export async function logout(accessToken: string): Promise<void> {
  await apiClient
    .post('/auth/logout', undefined, { headers: { Authorization: `Bearer ${accessToken}` } })
    .catch(() => undefined);
}
