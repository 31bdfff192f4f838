import { Flex, Result } from 'antd';
import { useLocation } from 'react-router';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { PageBreadcrumb } from '../../../components/page-breadcrumb';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <>
      <title>Page not found · CrimsonHost</title>
      <PageBreadcrumb items={[{ title: 'Page not found' }]} />
      <Result
        status="404"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Page not found</h1>}
        subTitle={
          <span style={{ overflowWrap: 'anywhere' }}>
            Nothing lives at {pathname}. It may have moved, or the link may be mistyped.
          </span>
        }
        extra={
          <Flex wrap gap={12} justify="center">
            <ButtonLink to={paths.home.href()} type="primary">
              Back Home
            </ButtonLink>
            <ButtonLink to={paths.servers.href()}>Browse Servers</ButtonLink>
          </Flex>
        }
      />
    </>
  );
}
