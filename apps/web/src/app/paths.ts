import type { PaymentMethod } from '@crimsonhost/shared/paypal';

/**
 * Every route of the web app: `path` is the router pattern, `href()` builds a link to it.
 * Routes of later features are added here when their pages exist.
 */
export const paths = {
  home: { path: '/', href: () => '/' },
  servers: {
    path: '/servers',
    /** `search`: the list's filters, sort and page, as the servers page writes them. */
    href: (search?: URLSearchParams) => {
      const query = search?.toString();
      return query ? `/servers?${query}` : '/servers';
    },
  },
  server: { path: '/servers/:id', href: (id: string) => `/servers/${encodeURIComponent(id)}` },
  /** The benefits tiers: open to visitors; a signed-in renter also sees where they stand. */
  benefits: { path: '/benefits', href: () => '/benefits' },
  buyerProtection: {
    path: '/policies/buyer-protection',
    href: (section?: string) => `/policies/buyer-protection${section ? `#${section}` : ''}`,
  },
  /** What a vendor agrees to when applying (issue 16 point 1). */
  vendorTerms: {
    path: '/policies/vendor-terms',
    href: (section?: string) => `/policies/vendor-terms${section ? `#${section}` : ''}`,
  },
  login: {
    path: '/login',
    /** `redirectTo`: where to go back to after signing in. */
    href: (redirectTo?: string) =>
      redirectTo ? `/login?${new URLSearchParams({ redirectTo }).toString()}` : '/login',
  },
  register: {
    path: '/register',
    href: (redirectTo?: string) =>
      redirectTo ? `/register?${new URLSearchParams({ redirectTo }).toString()}` : '/register',
  },
  /** Without `token`: the choice between a reset mail and a recovery code; with it, a new password. */
  recovery: { path: '/recovery', href: () => '/recovery' },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  accountRecovery: { path: '/account-recovery', href: () => '/account-recovery' },
  /** The link of the verification mail: `?token=…`. */
  verifyEmail: { path: '/verify-email', href: () => '/verify-email' },
  /** The link of the mail that tells a person of a penalty (no sign-in). */
  appeal: {
    path: '/appeal/:token',
    href: (token: string) => `/appeal/${encodeURIComponent(token)}`,
  },
  authCallback: { path: '/auth/callback', href: () => '/auth/callback' },
  discordCallback: { path: '/auth/discord/callback', href: () => '/auth/discord/callback' },
  authHealth: { path: '/health/auth', href: () => '/health/auth' },
  profile: { path: '/profile', href: () => '/profile' },
  // Signed-in areas of later issues; linked from the menus, routed when their pages exist.
  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  wallet: {
    path: '/wallet',
    /**
     * `deposit`: the deposit dialog opens on arrival with this method and amount (a payment's
     * Try Again).
     */
    href: (deposit?: { method: PaymentMethod; amount?: string }) => {
      if (!deposit) return '/wallet';
      const query = new URLSearchParams({ deposit: deposit.method });
      if (deposit.amount) query.set('amount', deposit.amount);
      return `/wallet?${query.toString()}`;
    },
  },
  /** The transaction status view (spec section 4), reached from the timeline. */
  walletTransaction: {
    path: '/wallet/transactions/:id',
    href: (id: string) => `/wallet/transactions/${encodeURIComponent(id)}`,
  },
  /**
   * Where PayPal sends the buyer back after approving a payment (`?token=<orderId>&PayerID=…`):
   * the payment is captured there. The API gives PayPal this address.
   */
  walletPayPalReturn: {
    path: '/wallet/paypal/return',
    href: (orderId: string) => `/wallet/paypal/return?token=${encodeURIComponent(orderId)}`,
  },
  /** Where PayPal sends the buyer who turned back there (`?token=<orderId>`): the order is cancelled. */
  walletPayPalCancel: {
    path: '/wallet/paypal/cancel',
    href: (orderId: string) => `/wallet/paypal/cancel?token=${encodeURIComponent(orderId)}`,
  },
  rentals: {
    path: '/rentals',
    /** `search`: the list's status filter and page, as the rentals page writes them. */
    href: (search?: URLSearchParams) => {
      const query = search?.toString();
      return query ? `/rentals?${query}` : '/rentals';
    },
  },
  /** Appearance, my signed-in devices, my data and deleting my account (issue 18 point 6). */
  settings: { path: '/settings', href: () => '/settings' },
  support: { path: '/support', href: () => '/support' },
  supportTickets: {
    path: '/support/tickets',
    /** `search`: the list's status filter, subject search and page. */
    href: (search?: URLSearchParams) => {
      const query = search?.toString();
      return query ? `/support/tickets?${query}` : '/support/tickets';
    },
  },
  supportNewTicket: {
    path: '/support/tickets/new',
    /** `link`: a record to link, as `rental:<id>` or `transaction:<id>`. */
    href: (link?: { kind: 'rental' | 'transaction'; id: string }) =>
      link
        ? `/support/tickets/new?${new URLSearchParams({ link: `${link.kind}:${link.id}` }).toString()}`
        : '/support/tickets/new',
  },
  supportTicket: {
    path: '/support/tickets/:ticketId',
    href: (ticketId: string) => `/support/tickets/${encodeURIComponent(ticketId)}`,
  },
  supportFaq: {
    path: '/support/faq',
    /** `article`: the slug of one article (its permalink); `q`: a search. */
    href: ({ article, q }: { article?: string; q?: string } = {}) => {
      const query = new URLSearchParams();
      if (q) query.set('q', q);
      const text = query.toString();
      return `/support/faq${text ? `?${text}` : ''}${article ? `#${article}` : ''}`;
    },
  },
  supportSettings: { path: '/support/settings', href: () => '/support/settings' },
  /** The staff area (support and admin): its own layout, loaded only by staff. */
  staff: { path: '/admin', href: () => '/admin' },
  staffTickets: {
    path: '/admin/tickets',
    href: (search?: URLSearchParams) => {
      const query = search?.toString();
      return query ? `/admin/tickets?${query}` : '/admin/tickets';
    },
  },
  staffTicket: {
    path: '/admin/tickets/:ticketId',
    href: (ticketId: string) => `/admin/tickets/${encodeURIComponent(ticketId)}`,
  },
  staffFaq: { path: '/admin/faq', href: () => '/admin/faq' },
  staffCannedReplies: { path: '/admin/canned-replies', href: () => '/admin/canned-replies' },
  staffUsers: {
    path: '/admin/users',
    /** `search`: the list's search, role and status filters and page. */
    href: (search?: URLSearchParams) => {
      const query = search?.toString();
      return query ? `/admin/users?${query}` : '/admin/users';
    },
  },
  staffUser: {
    path: '/admin/users/:userId',
    href: (userId: string) => `/admin/users/${encodeURIComponent(userId)}`,
  },
  staffDeposits: {
    path: '/admin/deposits',
    /** `search`: the list's view, network, search and page. */
    href: (search?: URLSearchParams) => {
      const query = search?.toString();
      return query ? `/admin/deposits?${query}` : '/admin/deposits';
    },
  },
  staffDeposit: {
    path: '/admin/deposits/:depositId',
    href: (depositId: string) => `/admin/deposits/${encodeURIComponent(depositId)}`,
  },
  /** `search`: the list's view, search and page. */
  staffVendors: {
    path: '/admin/vendors',
    href: (search?: URLSearchParams) => {
      const query = search?.toString();
      return query ? `/admin/vendors?${query}` : '/admin/vendors';
    },
  },
  staffVendor: {
    path: '/admin/vendors/:vendorId',
    href: (vendorId: string) => `/admin/vendors/${encodeURIComponent(vendorId)}`,
  },
  /** `search`: the list's view, search and page. */
  staffPayouts: {
    path: '/admin/payouts',
    href: (search?: URLSearchParams) => {
      const query = search?.toString();
      return query ? `/admin/payouts?${query}` : '/admin/payouts';
    },
  },
  staffPayout: {
    path: '/admin/payouts/:payoutId',
    href: (payoutId: string) => `/admin/payouts/${encodeURIComponent(payoutId)}`,
  },
  /** `search`: the queue's view and page. */
  staffModeration: {
    path: '/admin/moderation',
    href: (search?: URLSearchParams) => {
      const query = search?.toString();
      return query ? `/admin/moderation?${query}` : '/admin/moderation';
    },
  },
  staffAppeals: { path: '/admin/moderation/appeals', href: () => '/admin/moderation/appeals' },
  staffFlag: {
    path: '/admin/moderation/:flagId',
    href: (flagId: string) => `/admin/moderation/${encodeURIComponent(flagId)}`,
  },
  /** Admin only. `search`: the log's filters and page. */
  staffAudit: {
    path: '/admin/audit',
    href: (search?: URLSearchParams) => {
      const query = search?.toString();
      return query ? `/admin/audit?${query}` : '/admin/audit';
    },
  },
  /** Admin only: the ledger explorer and "Check the books". `search`: the account, page, transaction. */
  staffMoney: {
    path: '/admin/money',
    href: (search?: URLSearchParams) => {
      const query = search?.toString();
      return query ? `/admin/money?${query}` : '/admin/money';
    },
  },
  /** Admin only: deposit config, rental commission and support SLA, with their history. */
  staffSettings: { path: '/admin/settings', href: () => '/admin/settings' },
  admin: { path: '/admin/*', href: () => '/admin' },
  /**
   * Becoming a vendor (issue 16 point 1), signed in: the form, or where my application or vendor
   * account stands. In the storefront's layout; the vendor area links to it as "Account".
   */
  vendorApply: { path: '/vendor/apply', href: () => '/vendor/apply' },
  /**
   * The vendor area (issue 16 point 3 on): its own layout, loaded only by vendors. /vendor itself
   * is the Overview; /vendor/apply (above) is the storefront's page, which ranks above this splat.
   */
  vendorArea: { path: '/vendor/*', href: () => '/vendor' },
  /** The Overview: listings by state, occupancy, earnings by day, uptime (issue 16 point 3). */
  vendorOverview: { path: '/vendor', href: () => '/vendor' },
  /** The rentals of my listings (issue 16 point 6). `search`: the status filter and page. */
  vendorRentals: {
    path: '/vendor/rentals',
    href: (search?: URLSearchParams) => {
      const query = search?.toString();
      return query ? `/vendor/rentals?${query}` : '/vendor/rentals';
    },
  },
  /** The vendor's listings: each with its state, live status and actions (issue 16 point 4). */
  vendorListings: { path: '/vendor/listings', href: () => '/vendor/listings' },
  /** A new listing's form; once saved, the listing's own page. */
  vendorListingNew: { path: '/vendor/listings/new', href: () => '/vendor/listings/new' },
  /** One listing: its form, state, image and price and game changes. */
  vendorListing: {
    path: '/vendor/listings/:listingId',
    href: (listingId: string) => `/vendor/listings/${encodeURIComponent(listingId)}`,
  },
  /** The vendor's money by state and its movements. `search`: the movements' state and page. */
  vendorEarnings: {
    path: '/vendor/earnings',
    href: (search?: URLSearchParams) => {
      const query = search?.toString();
      return query ? `/vendor/earnings?${query}` : '/vendor/earnings';
    },
  },
  /** The vendor's payouts: ask for one, the open one, the addresses, and every payout so far. */
  vendorPayouts: { path: '/vendor/payouts', href: () => '/vendor/payouts' },
  /** The disputes of my rentals, open first (issue 17 point 3); `all` shows the decided too. */
  vendorDisputes: {
    path: '/vendor/disputes',
    href: (all = false) => (all ? '/vendor/disputes?status=all' : '/vendor/disputes'),
  },
  /** One dispute: its facts, the conversation of its ticket, and my answer. */
  vendorDispute: {
    path: '/vendor/disputes/:disputeId',
    href: (disputeId: string) => `/vendor/disputes/${encodeURIComponent(disputeId)}`,
  },
  notFound: { path: '*', href: () => '/not-found' },
} as const;
