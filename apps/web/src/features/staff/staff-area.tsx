import { lazy } from 'react';
import { Navigate, useLocation, useRoutes } from 'react-router';
import { useAuth } from '../../app/auth/auth-context';
import { paths } from '../../app/paths';
import { LoadingSpinner } from '../../components/loading-spinner';
import { AdminOnly } from './components/admin-only';
import { StaffLayout } from './components/staff-layout';
import { StaffNotFound } from './components/staff-not-found';
import { StaffSignInGate } from './components/staff-sign-in-gate';

const OverviewPage = lazy(() =>
  import('./pages/overview-page').then((module) => ({ default: module.OverviewPage })),
);
const QueuePage = lazy(() =>
  import('./pages/queue-page').then((module) => ({ default: module.QueuePage })),
);
const DeskTicketPage = lazy(() =>
  import('./pages/desk-ticket-page').then((module) => ({ default: module.DeskTicketPage })),
);
const FaqEditorPage = lazy(() =>
  import('./pages/faq-editor-page').then((module) => ({ default: module.FaqEditorPage })),
);
const CannedRepliesPage = lazy(() =>
  import('./pages/canned-replies-page').then((module) => ({
    default: module.CannedRepliesPage,
  })),
);
const UsersPage = lazy(() =>
  import('./pages/users-page').then((module) => ({ default: module.UsersPage })),
);
const UserPage = lazy(() =>
  import('./pages/user-page').then((module) => ({ default: module.UserPage })),
);
const DepositsPage = lazy(() =>
  import('./pages/deposits-page').then((module) => ({ default: module.DepositsPage })),
);
const DepositPage = lazy(() =>
  import('./pages/deposit-page').then((module) => ({ default: module.DepositPage })),
);
const PayPalPage = lazy(() =>
  import('./pages/paypal-page').then((module) => ({ default: module.PayPalPage })),
);
const PayPalPaymentPage = lazy(() =>
  import('./pages/paypal-payment-page').then((module) => ({ default: module.PayPalPaymentPage })),
);
const VendorsPage = lazy(() =>
  import('./pages/vendors-page').then((module) => ({ default: module.VendorsPage })),
);
const VendorPage = lazy(() =>
  import('./pages/vendor-page').then((module) => ({ default: module.VendorPage })),
);
const PayoutsPage = lazy(() =>
  import('./pages/payouts-page').then((module) => ({ default: module.PayoutsPage })),
);
const PayoutPage = lazy(() =>
  import('./pages/payout-page').then((module) => ({ default: module.PayoutPage })),
);
const ModerationPage = lazy(() =>
  import('./pages/moderation-page').then((module) => ({ default: module.ModerationPage })),
);
const AppealsPage = lazy(() =>
  import('./pages/appeals-page').then((module) => ({ default: module.AppealsPage })),
);
const FlagPage = lazy(() =>
  import('./pages/flag-page').then((module) => ({ default: module.FlagPage })),
);
const AuditLogPage = lazy(() =>
  import('./pages/audit-log-page').then((module) => ({ default: module.AuditLogPage })),
);
const SettingsPage = lazy(() =>
  import('./pages/settings-page').then((module) => ({ default: module.SettingsPage })),
);
const MoneyPage = lazy(() =>
  import('./pages/money-page').then((module) => ({ default: module.MoneyPage })),
);

/** Who may enter the staff area (issue 14 point 13). */
const STAFF_ROLES = ['support', 'admin'] as const;

/**
 * The area's own routes, relative to where the app mounts it (/admin/*): they mirror
 * paths.staff, staffTickets, staffTicket, staffFaq, staffCannedReplies, staffUsers, staffUser,
 * staffDeposits, staffDeposit, paypalPaths.staffPayPal and staffPayPalPayment (./paypal-paths),
 * paths.staffVendors, paths.staffVendor, staffPayouts, staffPayout, staffModeration,
 * staffAppeals, staffFlag, staffAudit, staffMoney and staffSettings (the last three admin only).
 */
const STAFF_ROUTES = [
  { index: true, element: <OverviewPage /> },
  { path: 'tickets', element: <QueuePage /> },
  { path: 'tickets/:ticketId', element: <DeskTicketPage /> },
  { path: 'faq', element: <FaqEditorPage /> },
  { path: 'canned-replies', element: <CannedRepliesPage /> },
  { path: 'users', element: <UsersPage /> },
  { path: 'users/:userId', element: <UserPage /> },
  { path: 'deposits', element: <DepositsPage /> },
  { path: 'deposits/:depositId', element: <DepositPage /> },
  { path: 'paypal', element: <PayPalPage /> },
  { path: 'paypal/:transactionId', element: <PayPalPaymentPage /> },
  { path: 'vendors', element: <VendorsPage /> },
  { path: 'vendors/:vendorId', element: <VendorPage /> },
  { path: 'payouts', element: <PayoutsPage /> },
  { path: 'payouts/:payoutId', element: <PayoutPage /> },
  { path: 'moderation', element: <ModerationPage /> },
  { path: 'moderation/appeals', element: <AppealsPage /> },
  { path: 'moderation/:flagId', element: <FlagPage /> },
  {
    path: 'audit',
    element: (
      <AdminOnly>
        <AuditLogPage />
      </AdminOnly>
    ),
  },
  {
    path: 'money',
    element: (
      <AdminOnly>
        <MoneyPage />
      </AdminOnly>
    ),
  },
  {
    path: 'settings',
    element: (
      <AdminOnly>
        <SettingsPage />
      </AdminOnly>
    ),
  },
  { path: '*', element: <StaffNotFound /> },
];

/**
 * /admin/*: the staff area, for support and admin accounts, in a chunk of its own that only the
 * people who open it download. A visitor is sent to sign in and brought back; any other account
 * sees the not-found state, as if the area did not exist.
 */
export function StaffArea() {
  const { status, user, loggedOut, hasAnyRole } = useAuth();
  const { pathname, search } = useLocation();
  const routes = useRoutes(STAFF_ROUTES);
  if (status === 'loading') return <LoadingSpinner />;
  if (status !== 'authenticated' || !user) {
    // Someone who just signed out did not come here to sign in again.
    if (status === 'unauthenticated' && loggedOut) {
      return <Navigate to={paths.home.href()} replace />;
    }
    return <Navigate to={paths.login.href(`${pathname}${search}`)} replace />;
  }
  if (!hasAnyRole(STAFF_ROLES)) {
    return (
      <main style={{ padding: 24 }}>
        <StaffNotFound />
      </main>
    );
  }
  // Staff also give a code from their authenticator app before the area opens.
  return (
    <StaffSignInGate>
      <StaffLayout>{routes}</StaffLayout>
    </StaffSignInGate>
  );
}
