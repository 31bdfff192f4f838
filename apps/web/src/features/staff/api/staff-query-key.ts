import { ACCOUNT_QUERY_KEY } from '../../../app/auth/auth-context';

/**
 * Every query of the staff area starts with this key: under the account, so signing out (or in as
 * someone else) drops what the desk showed.
 */
export const STAFF_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'staff'] as const;
