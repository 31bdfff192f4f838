import { ACCOUNT_QUERY_KEY } from '../../../app/auth/auth-context';

/**
 * My tickets and my support settings: under the account, so signing in or out drops them and the
 * next person never sees the previous one's tickets.
 */
export const supportAccountQueryKey = () => [...ACCOUNT_QUERY_KEY, 'support'] as const;

/** Every query of my tickets (lists and details): one invalidation refreshes them all. */
export const ticketsQueryKey = () => [...supportAccountQueryKey(), 'tickets'] as const;

/** The FAQ is public and the same for everyone: it stays when the session changes. */
export const faqQueryKey = () => ['support-faq'] as const;
