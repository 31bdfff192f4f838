/**
 * The staff area's PayPal section (issue 19 points 4 and 5), beside paths.staffDeposits. Kept
 * here while app/paths.ts is being changed for the renter's PayPal pages; they can move there.
 */
export const paypalPaths = {
  /** Support and admin. `search`: the tab, the payments' state filter, search and page. */
  staffPayPal: {
    path: '/admin/paypal',
    href: (search?: URLSearchParams) => {
      const query = search?.toString();
      return query ? `/admin/paypal?${query}` : '/admin/paypal';
    },
  },
  staffPayPalPayment: {
    path: '/admin/paypal/:transactionId',
    href: (transactionId: string) => `/admin/paypal/${encodeURIComponent(transactionId)}`,
  },
} as const;
