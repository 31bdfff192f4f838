import { Flex, Typography } from 'antd';
import type { VendorApplication } from '@crimsonhost/shared/vendors';
import { ApplicationSummary } from './application-summary';
import { Dated } from './dated';
import { StandingCard } from './standing-card';

/** My application waits for an administrator: when I sent it and what it says. */
export function ApplicationPending({ application }: { application: VendorApplication }) {
  return (
    <StandingCard title="Your application is waiting for review">
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>
          You sent it on <Dated at={application.createdAt} />. An administrator reviews it and
          approves or rejects it with a reason; you hear the decision by e-mail and on this page.
          While it waits, you cannot send another one.
        </Typography.Paragraph>
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          What you sent
        </Typography.Title>
        <ApplicationSummary application={application} />
      </Flex>
    </StandingCard>
  );
}
