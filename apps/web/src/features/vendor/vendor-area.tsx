import { lazy } from 'react';
import { Navigate, useLocation, useRoutes } from 'react-router';
import { useAuth } from '../../app/auth/auth-context';
import { paths } from '../../app/paths';
import { LoadingSpinner } from '../../components/loading-spinner';
import { VendorLayout } from './components/vendor-layout';
import { VendorNotFound } from './components/vendor-not-found';
import { VendorsOnly } from './components/vendors-only';

const OverviewPage = lazy(() =>
  import('./pages/overview-page').then((module) => ({ default: module.OverviewPage })),
);
const VendorRentalsPage = lazy(() =>
  import('./pages/vendor-rentals-page').then((module) => ({ default: module.VendorRentalsPage })),
);
const ListingsPage = lazy(() =>
  import('./pages/listings-page').then((module) => ({ default: module.ListingsPage })),
);
const NewListingPage = lazy(() =>
  import('./pages/new-listing-page').then((module) => ({ default: module.NewListingPage })),
);
const ListingPage = lazy(() =>
  import('./pages/listing-page').then((module) => ({ default: module.ListingPage })),
);
const PayoutsPage = lazy(() =>
  import('./pages/payouts-page').then((module) => ({ default: module.PayoutsPage })),
);
const DisputesPage = lazy(() =>
  import('./pages/disputes-page').then((module) => ({ default: module.DisputesPage })),
);
const DisputePage = lazy(() =>
  import('./pages/dispute-page').then((module) => ({ default: module.DisputePage })),
);
const EarningsPage = lazy(() =>
  import('./pages/earnings-page').then((module) => ({ default: module.EarningsPage })),
);

/**
 * The area's own routes, relative to where the app mounts it (/vendor/*): they mirror
 * paths.vendorOverview (the area's index), paths.vendorListings, paths.vendorListingNew,
 * paths.vendorListing, paths.vendorRentals, paths.vendorEarnings, paths.vendorPayouts,
 * paths.vendorDisputes and paths.vendorDispute.
 */
const VENDOR_ROUTES = [
  { index: true, element: <OverviewPage /> },
  { path: 'listings', element: <ListingsPage /> },
  // A static segment ranks above the parameter: /vendor/listings/new is the form, not an id.
  { path: 'listings/new', element: <NewListingPage /> },
  { path: 'listings/:listingId', element: <ListingPage /> },
  { path: 'rentals', element: <VendorRentalsPage /> },
  { path: 'earnings', element: <EarningsPage /> },
  { path: 'payouts', element: <PayoutsPage /> },
  { path: 'disputes', element: <DisputesPage /> },
  { path: 'disputes/:disputeId', element: <DisputePage /> },
  { path: '*', element: <VendorNotFound /> },
];

/**
 * /vendor/*: the vendor area (issue 16 point 3 on), for vendor accounts, in a chunk of its own
 * that only the people who open it download. A visitor is sent to sign in and brought back; any
 * other account is told the area is for vendors and led to the application.
 */
export function VendorArea() {
  const { status, user, loggedOut, hasRole } = useAuth();
  const { pathname, search } = useLocation();
  const routes = useRoutes(VENDOR_ROUTES);
  if (status === 'loading') return <LoadingSpinner />;
  if (status !== 'authenticated' || !user) {
    // Someone who just signed out did not come here to sign in again.
    if (status === 'unauthenticated' && loggedOut) {
      return <Navigate to={paths.home.href()} replace />;
    }
    return <Navigate to={paths.login.href(`${pathname}${search}`)} replace />;
  }
  if (!hasRole('vendor')) {
    return (
      <VendorLayout navigation={false}>
        <VendorsOnly />
      </VendorLayout>
    );
  }
  return <VendorLayout>{routes}</VendorLayout>;
}
