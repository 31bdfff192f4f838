import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';

/** The frame of every sign-in and recovery page: one centred card with the page's heading. */
export function AuthCard({
  title,
  subtitle,
  children,
  width = 440,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Flex justify="center" style={{ paddingBlock: 8 }}>
      <title>{`${title} · CrimsonHost`}</title>
      <Card style={{ width: '100%', maxWidth: width }} styles={{ body: { padding: 24 } }}>
        <Typography.Title
          level={1}
          style={{ fontSize: 26, marginTop: 0, marginBottom: subtitle ? 8 : 20 }}
        >
          {title}
        </Typography.Title>
        {subtitle && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 20 }}>
            {subtitle}
          </Typography.Paragraph>
        )}
        {children}
      </Card>
    </Flex>
  );
}
