import { Result } from 'antd';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';

const TITLE = 'The vendor area is for vendors';

/**
 * A signed-in account without the vendor role at /vendor: what the area is for and the way to
 * become a vendor (or to see where an application stands).
 */
export function VendorsOnly() {
  return (
    <>
      <title>{`${TITLE} · CrimsonHost`}</title>
      <Result
        status="403"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{TITLE}</h1>}
        subTitle="Vendors rent out their game servers on CrimsonHost and follow their earnings here. This account is not a vendor: apply to become one, or see where your application stands. The vendor area opens once an administrator approves it."
        extra={
          <ButtonLink type="primary" to={paths.vendorApply.href()}>
            Become a vendor
          </ButtonLink>
        }
      />
    </>
  );
}
