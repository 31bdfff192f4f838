import { Result } from 'antd';
import { useLocation } from 'react-router';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';

/** An unknown /vendor path, inside the vendor area's layout. */
export function VendorNotFound() {
  const { pathname } = useLocation();
  return (
    <>
      <title>Page not found · Vendor · CrimsonHost</title>
      <Result
        status="404"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Page not found</h1>}
        subTitle={
          <span style={{ overflowWrap: 'anywhere' }}>
            Nothing lives at {pathname} in the vendor area. It may have moved, or the link may be
            mistyped.
          </span>
        }
        extra={
          <ButtonLink type="primary" to={paths.vendorListings.href()}>
            Go to Listings
          </ButtonLink>
        }
      />
    </>
  );
}
