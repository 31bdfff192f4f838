import { ACCOUNT_QUERY_KEY } from '../../app/auth/auth-context';

/**
 * Every wallet query's key starts here: under the account (signing out drops them) and under one
 * prefix, so a confirmed deposit refreshes the balances, the lists and the details in one go.
 */
export const WALLET_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'wallet'] as const;
