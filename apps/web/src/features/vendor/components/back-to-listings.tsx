import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';

/** Above a listing's page: the way back to all of them. */
export function BackToListings() {
  return (
    <Link to={paths.vendorListings.href()} style={{ alignSelf: 'flex-start' }}>
      <ArrowLeftOutlined aria-hidden /> Back to listings
    </Link>
  );
}
