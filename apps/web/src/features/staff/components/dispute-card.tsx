import { Button, Card, Descriptions, Flex, Typography } from 'antd';
import { useState } from 'react';
import {
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_REASON_LABELS,
  type Dispute,
} from '@crimsonhost/shared/disputes';
import { parseUsdt } from '@crimsonhost/shared/money';
import { formatAmount } from '../../../lib/rentals/rental-money';
import { DisputeStatusTag } from '../../../components/dispute-status-tag';
import { useToast } from '../../../components/use-toast';
import { useDeclineDispute } from '../api/decline-dispute';
import { ActionDialog } from './action-dialog';
import { DecideDisputeDialog } from './decide-dispute-dialog';
import { ReasonField } from './reason-field';
import { Moment } from './user-tags';

/**
 * The rental dispute argued in this ticket (issue 17): what went wrong, until when the vendor may
 * answer, and while it is open, the decision to decline it. Its money is held until decided.
 */
export function DisputeCard({ dispute }: { dispute: Dispute }) {
  const decline = useDeclineDispute();
  const toast = useToast();
  const [declining, setDeclining] = useState(false);
  const [deciding, setDeciding] = useState(false);
  const open = dispute.status === 'OPEN';
  return (
    <Card
      size="small"
      title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>Dispute</h2>}
      extra={<DisputeStatusTag dispute={dispute} />}
    >
      <Flex vertical gap={12}>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'reason',
              label: 'What went wrong',
              children: DISPUTE_REASON_LABELS[dispute.reason],
            },
            { key: 'opened', label: 'Opened', children: <Moment at={dispute.openedAt} /> },
            {
              key: 'vendor',
              label: 'Vendor answers by',
              children: <Moment at={dispute.vendorAnswerDueAt} />,
            },
            ...(dispute.resolvedAt
              ? [
                  {
                    key: 'resolved',
                    label: 'Decided',
                    children: <Moment at={dispute.resolvedAt} />,
                  },
                  {
                    key: 'outcome',
                    label: 'Decision',
                    children: outcomeText(dispute),
                  },
                ]
              : []),
          ]}
        />
        <Typography.Text type="secondary">
          {open
            ? 'The rental’s payment is held: not released to the vendor, not paid out, until this is decided.'
            : 'What was left of the held payment went on to the vendor.'}
        </Typography.Text>
        {open && (
          <Flex gap={8} wrap>
            <Button type="primary" onClick={() => setDeciding(true)}>
              Refund or compensate
            </Button>
            <Button danger onClick={() => setDeclining(true)}>
              Decline dispute
            </Button>
          </Flex>
        )}
      </Flex>
      <DecideDisputeDialog dispute={dispute} open={deciding} onClose={() => setDeciding(false)} />
      <ActionDialog<{ reason: string }>
        name="decline-dispute"
        open={declining}
        title="Decline this dispute"
        okText="Decline dispute"
        danger
        pending={decline.isPending}
        onClose={() => setDeclining(false)}
        onSubmit={async ({ reason }) => {
          await decline.mutateAsync({ id: dispute.id, reason });
          toast('success', 'Dispute declined: the payment goes on to the vendor.');
        }}
      >
        <Typography.Paragraph>
          The renter gets nothing back. The reason is posted in this ticket, which is resolved, and
          mailed to the vendor; the rental&apos;s held payment is released to the vendor as at its
          end.
        </Typography.Paragraph>
        <ReasonField extra="Read by the renter in the ticket and by the vendor by e-mail." />
      </ActionDialog>
    </Card>
  );
}

/** "Refunded and compensated: 5.00 USDT for 2 hours, 1.25 in credit". */
function outcomeText(dispute: Dispute): string {
  if (!dispute.outcome) return '—';
  const parts = [];
  if (dispute.refundHours > 0) {
    parts.push(
      `${formatAmount(dispute.refundAmount)} USDT for ${dispute.refundHours} hour${dispute.refundHours === 1 ? '' : 's'}`,
    );
  }
  if (parseUsdt(dispute.compensationAmount) > 0n) {
    parts.push(`${formatAmount(dispute.compensationAmount)} in credit`);
  }
  const label = DISPUTE_OUTCOME_LABELS[dispute.outcome];
  return parts.length > 0 ? `${label}: ${parts.join(', ')}` : label;
}
