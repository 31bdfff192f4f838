import { Result } from 'antd';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';

/**
 * The not-found state inside the staff area: for an unknown /admin path, and for a signed-in
 * account that is not staff (to them the area does not exist).
 */
export function StaffNotFound({ title = 'Page not found' }: { title?: string }) {
  return (
    <>
      <title>{`${title} · CrimsonHost`}</title>
      <Result
        status="404"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{title}</h1>}
        subTitle="Nothing lives here. It may have moved, or the link may be mistyped."
        extra={
          <ButtonLink type="primary" to={paths.home.href()}>
            Back Home
          </ButtonLink>
        }
      />
    </>
  );
}
