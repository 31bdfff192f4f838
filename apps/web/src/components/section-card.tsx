import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';

/** A section of a signed-in page: a card under its own level-2 heading, a link or two beside it. */
export function SectionCard({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      className="section-card"
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}
