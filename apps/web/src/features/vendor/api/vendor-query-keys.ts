import { ACCOUNT_QUERY_KEY } from '../../../app/auth/auth-context';

/**
 * Where I stand as a vendor: under the account, so signing in or out drops it and the next person
 * never sees the previous one's application.
 */
export const vendorAccountQueryKey = () => [...ACCOUNT_QUERY_KEY, 'vendor'] as const;

/** The regions of the catalog are the same for everyone: they stay when the session changes. */
export const regionsQueryKey = () => ['regions'] as const;

/** My listings, the list and each one's detail: under the vendor account, so they go with it. */
export const vendorListingsQueryKey = () => [...vendorAccountQueryKey(), 'listings'] as const;

/** My payouts and what I may ask for: under the vendor account, so they go with it. */
export const vendorPayoutsQueryKey = () => [...vendorAccountQueryKey(), 'payouts'] as const;

/** The Overview and the rentals of my listings: under the vendor account, so they go with it. */
export const vendorOverviewQueryKey = () => [...vendorAccountQueryKey(), 'overview'] as const;
export const vendorRentalsQueryKey = () => [...vendorAccountQueryKey(), 'rentals'] as const;

/** The disputes of my rentals: under the vendor account, so they go with it. */
export const vendorDisputesQueryKey = () => [...vendorAccountQueryKey(), 'disputes'] as const;
