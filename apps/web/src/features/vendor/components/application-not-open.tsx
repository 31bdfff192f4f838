import { Flex, Typography } from 'antd';
import { useAuth } from '../../../app/auth/auth-context';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { StandingCard } from './standing-card';

/** The form is not open to this account, and no application or vendor account says why. */
export function ApplicationNotOpen() {
  const { isAdmin, isSupport } = useAuth();
  return (
    <StandingCard title="Applications are not open to this account">
      <Flex vertical gap={16} align="start">
        <Typography.Paragraph style={{ margin: 0 }}>
          {isAdmin || isSupport
            ? 'Staff accounts cannot become vendors. To sell servers on CrimsonHost, apply from an account of your own.'
            : 'This account cannot apply to become a vendor at the moment. If you think this is wrong, write to support.'}
        </Typography.Paragraph>
        <ButtonLink to={paths.support.href()}>Write to support</ButtonLink>
      </Flex>
    </StandingCard>
  );
}
