import { Navigate, Outlet, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { AuthProvider } from './auth/auth-provider';
import { RequireAuth } from './auth/require-auth';
import { CustomerLayout } from './layouts/customer-layout';
import { paths } from './paths';
import { lazyPreloadable, preloadableOf } from '../lib/lazy-preloadable';
import { preloadMainMenu } from './layouts/lazy-navigation';

const HomePage = lazyPreloadable(() =>
  import('../features/home/pages/home-page').then((module) => module.HomePage),
);
const BuyerProtectionPage = lazyPreloadable(() =>
  import('../features/policies/pages/buyer-protection-page').then(
    (module) => module.BuyerProtectionPage,
  ),
);
const BenefitsPage = lazyPreloadable(() =>
  import('../features/benefits/pages/benefits-page').then((module) => module.BenefitsPage),
);
const VendorTermsPage = lazyPreloadable(() =>
  import('../features/policies/pages/vendor-terms-page').then((module) => module.VendorTermsPage),
);
const ServersPage = lazyPreloadable(() =>
  import('../features/catalog/pages/servers-page').then((module) => module.ServersPage),
);
const ServerDetailPage = lazyPreloadable(() =>
  import('../features/catalog/pages/server-detail-page').then((module) => module.ServerDetailPage),
);
const LoginPage = lazyPreloadable(() =>
  import('../features/auth/pages/login-page').then((module) => module.LoginPage),
);
const RegisterPage = lazyPreloadable(() =>
  import('../features/auth/pages/register-page').then((module) => module.RegisterPage),
);
const RecoveryPage = lazyPreloadable(() =>
  import('../features/auth/pages/recovery-page').then((module) => module.RecoveryPage),
);
const ForgotPasswordPage = lazyPreloadable(() =>
  import('../features/auth/pages/forgot-password-page').then((module) => module.ForgotPasswordPage),
);
const VerifyEmailPage = lazyPreloadable(() =>
  import('../features/auth/pages/verify-email-page').then((module) => module.VerifyEmailPage),
);
const AppealPage = lazyPreloadable(() =>
  import('../features/appeals/pages/appeal-page').then((module) => module.AppealPage),
);
const AccountRecoveryPage = lazyPreloadable(() =>
  import('../features/auth/pages/account-recovery-page').then(
    (module) => module.AccountRecoveryPage,
  ),
);
const AuthCallbackPage = lazyPreloadable(() =>
  import('../features/auth/pages/auth-callback-page').then((module) => module.AuthCallbackPage),
);
const DiscordCallbackPage = lazyPreloadable(() =>
  import('../features/auth/pages/discord-callback-page').then(
    (module) => module.DiscordCallbackPage,
  ),
);
const AuthHealthPage = lazyPreloadable(() =>
  import('../features/auth/pages/auth-health-page').then((module) => module.AuthHealthPage),
);
const ProfilePage = lazyPreloadable(() =>
  import('../features/profile/pages/profile-page').then((module) => module.ProfilePage),
);
const SettingsPage = lazyPreloadable(() =>
  import('../features/settings/pages/settings-page').then((module) => module.SettingsPage),
);
const RentalsPage = lazyPreloadable(() =>
  import('../features/rentals/pages/rentals-page').then((module) => module.RentalsPage),
);
const DashboardPage = lazyPreloadable(() =>
  import('../features/dashboard/pages/dashboard-page').then((module) => module.DashboardPage),
);
const WalletPage = lazyPreloadable(() =>
  import('../features/wallet/pages/wallet-page').then((module) => module.WalletPage),
);
const TransactionStatusPage = lazyPreloadable(() =>
  import('../features/wallet/pages/transaction-status-page').then(
    (module) => module.TransactionStatusPage,
  ),
);
const PayPalReturnPage = lazyPreloadable(() =>
  import('../features/wallet/pages/paypal-return-page').then((module) => module.PayPalReturnPage),
);
const PayPalCancelPage = lazyPreloadable(() =>
  import('../features/wallet/pages/paypal-cancel-page').then((module) => module.PayPalCancelPage),
);
const SupportLayout = lazyPreloadable(() =>
  import('./layouts/support-layout').then((module) => module.SupportLayout),
);
const MyTicketsPage = lazyPreloadable(() =>
  import('../features/support/pages/my-tickets-page').then((module) => module.MyTicketsPage),
);
const NewTicketPage = lazyPreloadable(() =>
  import('../features/support/pages/new-ticket-page').then((module) => module.NewTicketPage),
);
const TicketPage = lazyPreloadable(() =>
  import('../features/support/pages/ticket-page').then((module) => module.TicketPage),
);
const FaqPage = lazyPreloadable(() =>
  import('../features/support/pages/faq-page').then((module) => module.FaqPage),
);
const SupportSettingsPage = lazyPreloadable(() =>
  import('../features/support/pages/support-settings-page').then(
    (module) => module.SupportSettingsPage,
  ),
);
/** Becoming a vendor: the application form or where it stands (/vendor/apply). */
const VendorApplyPage = lazyPreloadable(() =>
  import('../features/vendor/pages/vendor-apply-page').then((module) => module.VendorApplyPage),
);
/** The vendor area (/vendor): its own layout and routes, downloaded only when opened. */
const VendorArea = lazyPreloadable(() =>
  import('../features/vendor/vendor-area').then((module) => module.VendorArea),
);
/** The staff area (/admin): its own layout and routes, downloaded only when opened. */
const StaffArea = lazyPreloadable(() =>
  import('../features/staff/staff-area').then((module) => module.StaffArea),
);
const NotFoundPage = lazyPreloadable(() =>
  import('../features/errors/pages/not-found-page').then((module) => module.NotFoundPage),
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

/**
 * Loads the modules the first screen of `pathname` renders (its page, and the sidebar's menu on a
 * wide screen), so that the first render replaces the prerendered page (decision 060) with the
 * same page rather than with a spinner.
 */
export async function preloadFirstScreen(pathname: string, wide: boolean): Promise<void> {
  const pages = (matchRoutes(routes, pathname) ?? []).map((match) =>
    preloadableOf(match.route.element),
  );
  await Promise.all([
    ...pages.map((page) => page?.preload()),
    ...(wide ? [preloadMainMenu()] : []),
  ]);
}
