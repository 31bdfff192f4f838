import type { ReactNode } from 'react';
import { Flex, Typography, theme } from 'antd';
import { SurfaceCard } from '../../../components/surface-card';

/**
 * A part of the vendor page under its own level-2 heading, a status tag beside it. The heading
 * wraps on a phone rather than being cut short, as a card title would be: it is the news.
 */
export function StandingCard({
  title,
  tag,
  children,
}: {
  title: string;
  tag?: ReactNode;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <SurfaceCard
      title={
        <Flex
          justify="space-between"
          align="center"
          wrap
          gap={8}
          style={{ width: '100%', paddingBlock: token.paddingSM }}
        >
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {title}
          </Typography.Title>
          {tag}
        </Flex>
      }
    >
      {children}
    </SurfaceCard>
  );
}
