import { Alert, Anchor, Card, Col, Grid, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { PageBreadcrumb } from '../../../components/page-breadcrumb';
import { BUYER_PROTECTION_SECTIONS } from '../components/buyer-protection-sections';

const LAST_UPDATED = '2026-11-22';
/** Keeps a section heading clear of the sticky 64 px header when jumped to. */
const SECTION_SCROLL_OFFSET_PX = 80;

const TABLE_OF_CONTENTS = BUYER_PROTECTION_SECTIONS.map(({ id, title }) => ({
  key: id,
  href: `#${id}`,
  title,
}));

export function BuyerProtectionPage() {
  const { lg: isWide } = Grid.useBreakpoint();
  return (
    <>
      <title>Buyer protection policy · CrimsonHost</title>
      <PageBreadcrumb items={[{ title: 'Buyer protection' }]} />
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 'clamp(28px, 5vw, 38px)' }}>
        Buyer protection policy
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Last updated{' '}
        <time dateTime={LAST_UPDATED}>{dayjs(LAST_UPDATED).format('MMMM D, YYYY')}</time>
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
                items={TABLE_OF_CONTENTS}
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
              description="Your rent is held in escrow until your rental ends. If the server is not delivered, cannot be reached or differs from its listing, open a dispute within 48 hours and the unused hours come back to your wallet."
            />
            {BUYER_PROTECTION_SECTIONS.map(({ id, title, body }) => (
              <section key={id} aria-labelledby={id}>
                <Typography.Title
                  id={id}
                  level={2}
                  style={{ scrollMarginTop: SECTION_SCROLL_OFFSET_PX, fontSize: 24 }}
                >
                  {title}
                </Typography.Title>
                {body}
              </section>
            ))}
          </Typography>
        </Col>
      </Row>
    </>
  );
}
