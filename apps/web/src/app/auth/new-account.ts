/**
 * The navigation state a freshly made account arrives with (after its recovery codes were
 * saved), so the page it lands on can greet it as new rather than as a returning renter. It lives
 * in the history entry: a reload of that page keeps it, a later visit does not have it.
 */
export const NEW_ACCOUNT_STATE = { newAccount: true } as const;

export function isNewAccountState(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { newAccount?: unknown }).newAccount === true
  );
}
