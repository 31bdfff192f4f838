import { ACCOUNT_QUERY_KEY } from '../../app/auth/auth-context';

/**
 * Every rentals query starts with this key; mutations invalidate through it. Apart from
 * get-rentals.ts so that a page can name a rentals query without loading the rentals' schemas.
 */
export const rentalsQueryKey = () => [...ACCOUNT_QUERY_KEY, 'rentals'] as const;
