import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Col, Descriptions, Empty, Flex, List, Result, Row, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { PENALTY_LABELS } from '@crimsonhost/shared/admin';
import { FLAG_SOURCE_LABELS, type FlagDetail } from '@crimsonhost/shared/moderation';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { LoadErrorResult } from '../../../components/load-error-result';
import { RentalThreadCard } from '../../../components/rental-thread/rental-thread-card';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { ApiError } from '../../../lib/api-client';
import { useFlag } from '../api/moderation-flags';
import { FlagDecisionCard } from '../components/flag-decision-card';
import { flagReasonText, FlagStatusTag } from '../components/flag-tags';
import { Moment } from '../components/user-tags';

function FlagNotFound() {
  return (
    <>
      <title>Flag not found · Staff · CrimsonHost</title>
      <Result
        status="404"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Flag not found</h1>}
        subTitle="No flag has this id. It may have been mistyped."
        extra={
          <ButtonLink type="primary" to={paths.staffModeration.href()}>
            Back to moderation
          </ButtonLink>
        }
      />
    </>
  );
}

/** What was flagged: the words, where and by whom, and the decision once made. */
function FlagFactsCard({ flag }: { flag: FlagDetail }) {
  return (
    <Card size="small" title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>What was flagged</h2>}>
      <Flex vertical gap={12}>
        <blockquote
          style={{
            margin: 0,
            paddingInlineStart: 12,
            borderInlineStart: '3px solid currentColor',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {flag.message}
        </blockquote>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'why', label: 'Why', children: flagReasonText(flag.reason, flag.kinds) },
            { key: 'source', label: 'Source', children: FLAG_SOURCE_LABELS[flag.source] },
            {
              key: 'by',
              label: 'Raised by',
              children: flag.raisedBy?.name ?? 'The contact detector (the message was not sent)',
            },
            { key: 'at', label: 'Raised', children: <Moment at={flag.createdAt} /> },
            ...(flag.ticketId
              ? [
                  {
                    key: 'ticket',
                    label: 'Said in',
                    children: (
                      <Link to={paths.staffTicket.href(flag.ticketId)}>the dispute’s ticket</Link>
                    ),
                  },
                ]
              : []),
            ...(flag.decidedAt
              ? [
                  {
                    key: 'decided',
                    label: 'Decided',
                    children: (
                      <>
                        <Moment at={flag.decidedAt} /> by {flag.decidedBy?.name}
                      </>
                    ),
                  },
                  {
                    key: 'penalty',
                    label: 'Penalty',
                    children: flag.penalty ? PENALTY_LABELS[flag.penalty] : 'None',
                  },
                  { key: 'note', label: 'Reason', children: flag.decisionNote },
                ]
              : []),
          ]}
        />
      </Flex>
    </Card>
  );
}

/** The person's other flags and their penalties, newest first. */
function FlagHistoryCard({ flag }: { flag: FlagDetail }) {
  const { flags, penalties } = flag.history;
  return (
    <Card
      size="small"
      title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>{`${flag.user.name}’s history`}</h2>}
    >
      <Flex vertical gap={12}>
        <Typography.Text strong>Penalties</Typography.Text>
        {penalties.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No penalty so far." />
        ) : (
          <List
            size="small"
            dataSource={penalties}
            renderItem={(penalty) => (
              <List.Item>
                <Flex vertical>
                  <Typography.Text>
                    {PENALTY_LABELS[penalty.penalty]} · <Moment at={penalty.issuedAt} />
                    {penalty.liftedAt ? ' · lifted' : ''}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                    {penalty.reason}
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        )}
        <Typography.Text strong>Other flags</Typography.Text>
        {flags.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No other flag." />
        ) : (
          <List
            size="small"
            dataSource={flags}
            renderItem={(other) => (
              <List.Item>
                <Flex justify="space-between" gap={8} wrap style={{ width: '100%' }}>
                  <Link to={paths.staffFlag.href(other.id)} style={{ overflowWrap: 'anywhere' }}>
                    {flagReasonText(other.reason, other.kinds)}
                  </Link>
                  <Flex gap={8} align="center">
                    <Moment at={other.createdAt} />
                    <FlagStatusTag status={other.status} />
                  </Flex>
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Flex>
    </Card>
  );
}

/**
 * /admin/moderation/:flagId (support and admin): one flag with its message in context (the
 * rental's renter–vendor messages when it was said about a rental) and the person's history; the
 * moderator claims it and decides it.
 */
export function FlagPage() {
  const { flagId = '' } = useParams();
  const flag = useFlag(flagId);
  if (flag.isPending) {
    return (
      <>
        <title>Flag · Staff · CrimsonHost</title>
        <ListSkeleton rows={8} />
      </>
    );
  }
  if (flag.error instanceof ApiError && flag.error.status === 404) return <FlagNotFound />;
  if (!flag.data) return <LoadErrorResult title="The flag could not be loaded" query={flag} />;
  const detail = flag.data;
  const open = detail.status === 'pending' || detail.status === 'reviewing';
  return (
    <>
      <title>{`Flag: ${detail.user.name} · Staff · CrimsonHost`}</title>
      <Flex vertical gap={16}>
        <Link to={paths.staffModeration.href()}>
          <ArrowLeftOutlined aria-hidden /> Back to moderation
        </Link>
        <Flex wrap gap={8} align="center">
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {`Flag: ${detail.user.name}`}
          </Typography.Title>
          <FlagStatusTag status={detail.status} />
        </Flex>
        <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
          <Link to={paths.staffUser.href(detail.user.id)}>{detail.user.email}</Link>
        </Typography.Text>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={14}>
            <Flex vertical gap={16}>
              <FlagFactsCard flag={detail} />
              {open && <FlagDecisionCard flag={detail} />}
            </Flex>
          </Col>
          <Col xs={24} lg={10}>
            <Flex vertical gap={16}>
              {detail.rentalId && <RentalThreadCard rentalId={detail.rentalId} />}
              <FlagHistoryCard flag={detail} />
            </Flex>
          </Col>
        </Row>
      </Flex>
    </>
  );
}
