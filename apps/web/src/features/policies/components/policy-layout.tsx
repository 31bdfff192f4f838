import type { ReactNode } from 'react';
import { Alert, Anchor, Card, Col, Grid, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { PageBreadcrumb } from '../../../components/page-breadcrumb';

const { Paragraph } = Typography;

/** Keeps a section heading clear of the sticky 64 px header when jumped to. */
const SECTION_SCROLL_OFFSET_PX = 80;

export interface PolicySection {
  id: string;
  title: string;
  body: ReactNode;
}

export function BulletList({ items }: { items: ReactNode[] }) {
  return (
    <Paragraph>
      <ul>
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </Paragraph>
  );
}

/**
 * A policy page: breadcrumb, title, last-updated date, an "In short" summary, the sections with
 * their table of contents beside them (above them on a narrow screen), and an optional closing
 * part below the sections.
 */
export function PolicyLayout({
  title,
  crumb,
  lastUpdated,
  summary,
  sections,
  footer,
}: {
  /** The page's h1, also its document title. */
  title: string;
  /** The breadcrumb's last item. */
  crumb: string;
  /** YYYY-MM-DD. */
  lastUpdated: string;
  summary: string;
  sections: PolicySection[];
  footer?: ReactNode;
}) {
  const { lg: isWide } = Grid.useBreakpoint();
  return (
    <>
      <title>{`${title} · CrimsonHost`}</title>
      <PageBreadcrumb items={[{ title: crumb }]} />
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 'clamp(28px, 5vw, 38px)' }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Last updated <time dateTime={lastUpdated}>{dayjs(lastUpdated).format('MMMM D, YYYY')}</time>
      </Typography.Paragraph>
      <Row gutter={[32, 24]}>
        <Col xs={24} lg={{ span: 7, order: 2 }}>
          <Card
            size="small"
            title="On this page"
            style={isWide ? { position: 'sticky', top: SECTION_SCROLL_OFFSET_PX } : undefined}
          >
            <nav aria-label="On this page">
              <Anchor
                affix={false}
                offsetTop={SECTION_SCROLL_OFFSET_PX}
                targetOffset={SECTION_SCROLL_OFFSET_PX}
                items={sections.map(({ id, title: sectionTitle }) => ({
                  key: id,
                  href: `#${id}`,
                  title: sectionTitle,
                }))}
              />
            </nav>
          </Card>
        </Col>
        <Col xs={24} lg={{ span: 17, order: 1 }}>
          <Typography>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 24 }}
              title="In short"
              description={summary}
            />
            {sections.map(({ id, title: sectionTitle, body }) => (
              <section key={id} aria-labelledby={id}>
                <Typography.Title
                  id={id}
                  level={2}
                  style={{ scrollMarginTop: SECTION_SCROLL_OFFSET_PX, fontSize: 24 }}
                >
                  {sectionTitle}
                </Typography.Title>
                {body}
              </section>
            ))}
            {footer}
          </Typography>
        </Col>
      </Row>
    </>
  );
}
