import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PENALTY_LABELS } from '@crimsonhost/shared/admin';
import type { AppealOutcome, StaffAppeal } from '@crimsonhost/shared/moderation';
import { paths } from '../../../app/paths';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { useToast } from '../../../components/use-toast';
import { useAppeals, useDecideAppeal } from '../api/moderation-flags';
import { ActionDialog } from '../components/action-dialog';
import { ReasonField } from '../components/reason-field';
import { Moment } from '../components/user-tags';

const OUTCOME_WORDS: Record<AppealOutcome, string> = {
  upheld: 'Upheld: the penalty stands',
  overturned: 'Overturned: the penalty was withdrawn',
};

/** One appeal: the penalty, the person's words, and while waiting, the two answers. */
function AppealCard({ appeal }: { appeal: StaffAppeal }) {
  const decide = useDecideAppeal();
  const toast = useToast();
  const [answer, setAnswer] = useState<AppealOutcome | null>(null);
  return (
    <Card
      size="small"
      title={
        <h2 style={{ fontSize: 'inherit', margin: 0, overflowWrap: 'anywhere' }}>
          {`${appeal.user.name}: ${PENALTY_LABELS[appeal.penalty].toLowerCase()}`}
        </h2>
      }
    >
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
          {appeal.message}
        </blockquote>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'user',
              label: 'Account',
              children: <Link to={paths.staffUser.href(appeal.user.id)}>{appeal.user.email}</Link>,
            },
            { key: 'reason', label: 'Penalty’s reason', children: appeal.reason },
            {
              key: 'given',
              label: 'Given',
              children: (
                <>
                  <Moment at={appeal.issuedAt} />
                  {appeal.issuedBy ? ` by ${appeal.issuedBy}` : ''}
                </>
              ),
            },
            { key: 'appealed', label: 'Appealed', children: <Moment at={appeal.appealedAt} /> },
            ...(appeal.outcome
              ? [{ key: 'outcome', label: 'Answer', children: OUTCOME_WORDS[appeal.outcome] }]
              : []),
          ]}
        />
        {!appeal.outcome && (
          <Flex gap={8} wrap>
            <Button type="primary" onClick={() => setAnswer('overturned')}>
              Overturn
            </Button>
            <Button onClick={() => setAnswer('upheld')}>Uphold</Button>
          </Flex>
        )}
      </Flex>
      <ActionDialog<{ reason: string }>
        name="decide-appeal"
        open={answer !== null}
        title={answer === 'overturned' ? 'Overturn this penalty' : 'Uphold this penalty'}
        okText={answer === 'overturned' ? 'Overturn' : 'Uphold'}
        pending={decide.isPending}
        onClose={() => setAnswer(null)}
        onSubmit={async ({ reason }) => {
          await decide.mutateAsync({ id: appeal.penaltyId, outcome: answer!, note: reason });
          toast(
            'success',
            answer === 'overturned'
              ? 'Penalty overturned: they are told by mail.'
              : 'Penalty upheld: they are told by mail.',
          );
        }}
      >
        <Typography.Paragraph>
          {answer === 'overturned'
            ? 'The penalty is withdrawn: a suspension or ban still running is lifted at once, and it no longer counts toward a heavier penalty next time.'
            : 'The penalty stands. The appeal was their one appeal.'}
        </Typography.Paragraph>
        <ReasonField extra="Mailed to them with the answer." />
      </ActionDialog>
    </Card>
  );
}

/** /admin/moderation/appeals (support and admin): appeals of penalties to answer, then answered. */
export function AppealsPage() {
  const appeals = useAppeals();
  let body;
  if (appeals.isPending) body = <ListSkeleton rows={4} />;
  else if (!appeals.data) {
    body = <LoadErrorResult title="The appeals could not be loaded" query={appeals} />;
  } else if (appeals.data.length === 0) {
    body = <Empty description="No appeal so far: a penalised person appeals from their mail." />;
  } else {
    body = appeals.data.map((appeal) => <AppealCard key={appeal.penaltyId} appeal={appeal} />);
  }
  const waiting = appeals.data?.filter((appeal) => !appeal.outcome).length ?? 0;
  return (
    <>
      <title>Appeals · Staff · CrimsonHost</title>
      <Flex vertical gap={16}>
        <Link to={paths.staffModeration.href()}>
          <ArrowLeftOutlined aria-hidden /> Back to moderation
        </Link>
        <Flex wrap gap={8} align="baseline" justify="space-between">
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            Appeals
          </Typography.Title>
          {appeals.data && (
            <Typography.Text type="secondary" aria-live="polite">
              {waiting === 0 ? 'None waiting' : `${waiting} waiting for an answer`}
            </Typography.Text>
          )}
        </Flex>
        {body}
      </Flex>
    </>
  );
}
