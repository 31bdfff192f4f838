import { lazy } from 'react';
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { AuthProvider } from './auth/auth-provider';
import { RequireAuth } from './auth/require-auth';
import { CustomerLayout } from './layouts/customer-layout';
import { paths } from './paths';

const HomePage = lazy(() =>
  import('../features/home/pages/home-page').then((module) => ({ default: module.HomePage })),
);
const BuyerProtectionPage = lazy(() =>
  import('../features/policies/pages/buyer-protection-page').then((module) => ({
    default: module.BuyerProtectionPage,
  })),
);
const BenefitsPage = lazy(() =>
  import('../features/benefits/pages/benefits-page').then((module) => ({
    default: module.BenefitsPage,
  })),
);
const VendorTermsPage = lazy(() =>
  import('../features/policies/pages/vendor-terms-page').then((module) => ({
    default: module.VendorTermsPage,
  })),
);
const ServersPage = lazy(() =>
  import('../features/catalog/pages/servers-page').then((module) => ({
    default: module.ServersPage,
  })),
);
const ServerDetailPage = lazy(() =>
  import('../features/catalog/pages/server-detail-page').then((module) => ({
    default: module.ServerDetailPage,
  })),
);
const LoginPage = lazy(() =>
  import('../features/auth/pages/login-page').then((module) => ({ default: module.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../features/auth/pages/register-page').then((module) => ({
    default: module.RegisterPage,
  })),
);
const RecoveryPage = lazy(() =>
  import('../features/auth/pages/recovery-page').then((module) => ({
    default: module.RecoveryPage,
  })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/pages/forgot-password-page').then((module) => ({
    default: module.ForgotPasswordPage,
  })),
);
const VerifyEmailPage = lazy(() =>
  import('../features/auth/pages/verify-email-page').then((module) => ({
    default: module.VerifyEmailPage,
  })),
);
const AppealPage = lazy(() =>
  import('../features/appeals/pages/appeal-page').then((module) => ({
    default: module.AppealPage,
  })),
);
const AccountRecoveryPage = lazy(() =>
  import('../features/auth/pages/account-recovery-page').then((module) => ({
    default: module.AccountRecoveryPage,
  })),
);
const AuthCallbackPage = lazy(() =>
  import('../features/auth/pages/auth-callback-page').then((module) => ({
    default: module.AuthCallbackPage,
  })),
);
const DiscordCallbackPage = lazy(() =>
  import('../features/auth/pages/discord-callback-page').then((module) => ({
    default: module.DiscordCallbackPage,
  })),
);
const AuthHealthPage = lazy(() =>
  import('../features/auth/pages/auth-health-page').then((module) => ({
    default: module.AuthHealthPage,
  })),
);
const ProfilePage = lazy(() =>
  import('../features/profile/pages/profile-page').then((module) => ({
    default: module.ProfilePage,
  })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/pages/settings-page').then((module) => ({
    default: module.SettingsPage,
  })),
);
const RentalsPage = lazy(() =>
  import('../features/rentals/pages/rentals-page').then((module) => ({
    default: module.RentalsPage,
  })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/pages/dashboard-page').then((module) => ({
    default: module.DashboardPage,
  })),
);
const WalletPage = lazy(() =>
  import('../features/wallet/pages/wallet-page').then((module) => ({
    default: module.WalletPage,
  })),
);
const TransactionStatusPage = lazy(() =>
  import('../features/wallet/pages/transaction-status-page').then((module) => ({
    default: module.TransactionStatusPage,
  })),
);
const PayPalReturnPage = lazy(() =>
  import('../features/wallet/pages/paypal-return-page').then((module) => ({
    default: module.PayPalReturnPage,
  })),
);
const PayPalCancelPage = lazy(() =>
  import('../features/wallet/pages/paypal-cancel-page').then((module) => ({
    default: module.PayPalCancelPage,
  })),
);
const SupportLayout = lazy(() =>
  import('./layouts/support-layout').then((module) => ({ default: module.SupportLayout })),
);
const MyTicketsPage = lazy(() =>
  import('../features/support/pages/my-tickets-page').then((module) => ({
    default: module.MyTicketsPage,
  })),
);
const NewTicketPage = lazy(() =>
  import('../features/support/pages/new-ticket-page').then((module) => ({
    default: module.NewTicketPage,
  })),
);
const TicketPage = lazy(() =>
  import('../features/support/pages/ticket-page').then((module) => ({
    default: module.TicketPage,
  })),
);
const FaqPage = lazy(() =>
  import('../features/support/pages/faq-page').then((module) => ({ default: module.FaqPage })),
);
const SupportSettingsPage = lazy(() =>
  import('../features/support/pages/support-settings-page').then((module) => ({
    default: module.SupportSettingsPage,
  })),
);
/** Becoming a vendor: the application form or where it stands (/vendor/apply). */
const VendorApplyPage = lazy(() =>
  import('../features/vendor/pages/vendor-apply-page').then((module) => ({
    default: module.VendorApplyPage,
  })),
);
/** The vendor area (/vendor): its own layout and routes, downloaded only when opened. */
const VendorArea = lazy(() =>
  import('../features/vendor/vendor-area').then((module) => ({ default: module.VendorArea })),
);
/** The staff area (/admin): its own layout and routes, downloaded only when opened. */
const StaffArea = lazy(() =>
  import('../features/staff/staff-area').then((module) => ({ default: module.StaffArea })),
);
const NotFoundPage = lazy(() =>
  import('../features/errors/pages/not-found-page').then((module) => ({
    default: module.NotFoundPage,
  })),
);

/** Routes of later issues (servers, accounts, wallet, support) join here as their pages land. */
export const routes: RouteObject[] = [
  {
    element: (
      <ErrorBoundary>
        <AuthProvider>
          <Outlet />
        </AuthProvider>
      </ErrorBoundary>
    ),
    children: [
      { path: paths.admin.path, element: <StaffArea /> },
      // /vendor/apply is the storefront's page (signed in, in the layout, below); React Router
      // ranks its static path above this splat, so every other /vendor path is the vendor area.
      { path: paths.vendorArea.path, element: <VendorArea /> },
      {
        element: <CustomerLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: paths.buyerProtection.path, element: <BuyerProtectionPage /> },
          { path: paths.vendorTerms.path, element: <VendorTermsPage /> },
          { path: paths.benefits.path, element: <BenefitsPage /> },
          { path: paths.servers.path, element: <ServersPage /> },
          { path: paths.server.path, element: <ServerDetailPage /> },
          { path: paths.login.path, element: <LoginPage /> },
          { path: paths.register.path, element: <RegisterPage /> },
          { path: paths.recovery.path, element: <RecoveryPage /> },
          { path: paths.forgotPassword.path, element: <ForgotPasswordPage /> },
          { path: paths.accountRecovery.path, element: <AccountRecoveryPage /> },
          { path: paths.verifyEmail.path, element: <VerifyEmailPage /> },
          { path: paths.appeal.path, element: <AppealPage /> },
          { path: paths.authCallback.path, element: <AuthCallbackPage /> },
          { path: paths.discordCallback.path, element: <DiscordCallbackPage /> },
          { path: paths.authHealth.path, element: <AuthHealthPage /> },
          {
            // The support centre is open to visitors (spec section 2): each page says what a
            // visitor can do there.
            path: paths.support.path,
            element: <SupportLayout />,
            children: [
              { index: true, element: <Navigate to={paths.supportTickets.href()} replace /> },
              { path: paths.supportTickets.path, element: <MyTicketsPage /> },
              { path: paths.supportNewTicket.path, element: <NewTicketPage /> },
              { path: paths.supportTicket.path, element: <TicketPage /> },
              { path: paths.supportFaq.path, element: <FaqPage /> },
              { path: paths.supportSettings.path, element: <SupportSettingsPage /> },
            ],
          },
          {
            // Signed-in only. /dashboard, /wallet and /rentals join here with their pages.
            element: <RequireAuth />,
            children: [
              { path: paths.profile.path, element: <ProfilePage /> },
              { path: paths.settings.path, element: <SettingsPage /> },
              { path: paths.dashboard.path, element: <DashboardPage /> },
              { path: paths.wallet.path, element: <WalletPage /> },
              { path: paths.walletTransaction.path, element: <TransactionStatusPage /> },
              { path: paths.walletPayPalReturn.path, element: <PayPalReturnPage /> },
              { path: paths.walletPayPalCancel.path, element: <PayPalCancelPage /> },
              { path: paths.rentals.path, element: <RentalsPage /> },
              { path: paths.vendorApply.path, element: <VendorApplyPage /> },
            ],
          },
          { path: paths.notFound.path, element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * The app's routes under a `<BrowserRouter>`. No page uses a data router's loaders, actions or
 * blockers, and the declarative router leaves about 15 KB (brotli) of React Router out of the
 * first visit (decision 020). Tests mount the same `routes` in a memory router.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
