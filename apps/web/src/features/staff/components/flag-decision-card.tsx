import { Alert, Button, Card, Flex, Form, Radio, Typography } from 'antd';
import { useState } from 'react';
import { PENALTIES, PENALTY_LABELS, type Penalty } from '@crimsonhost/shared/admin';
import {
  heavierPenalty,
  PENALTY_ESCALATION_DAYS,
  type FlagDetail,
} from '@crimsonhost/shared/moderation';
import { useAuth } from '../../../app/auth/auth-context';
import { AppForm } from '../../../components/app-form';
import { useToast } from '../../../components/use-toast';
import { useClaimFlag, useDecideFlag } from '../api/moderation-flags';
import { penaltyEffect } from './penalty-dialog';
import { ReasonField, showActionError } from './reason-field';

interface DecisionValues {
  outcome: 'resolved' | 'dismissed';
  penalty: Penalty | 'none';
  /** The decision's note, in the staff area's reason field. */
  reason: string;
}

/**
 * The moderator's part of an open flag: claim it, then resolve it (with a penalty or none) or
 * dismiss it with a reason. A repeat offence within the escalation window gives at least the
 * next penalty up: the card says so before, and the API raises a milder choice.
 */
export function FlagDecisionCard({ flag }: { flag: FlagDetail }) {
  const { user } = useAuth();
  const claim = useClaimFlag();
  const decide = useDecideFlag();
  const toast = useToast();
  const [form] = Form.useForm<DecisionValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const outcome = Form.useWatch('outcome', form);
  const chosen = Form.useWatch('penalty', form);
  const mine = flag.status === 'reviewing' && flag.assignee?.id === user?.id;
  const theirs = flag.status === 'reviewing' && !mine;
  const given =
    outcome === 'resolved' && chosen && chosen !== 'none'
      ? heavierPenalty(chosen, flag.leastPenalty)
      : null;

  const send = async (values: DecisionValues) => {
    setFailure(null);
    try {
      const decided = await decide.mutateAsync({
        id: flag.id,
        outcome: values.outcome,
        penalty: values.outcome === 'resolved' && values.penalty !== 'none' ? values.penalty : null,
        note: values.reason,
      });
      toast(
        'success',
        decided.status === 'dismissed'
          ? 'Flag dismissed.'
          : decided.penalty
            ? `Flag resolved: ${PENALTY_LABELS[decided.penalty].toLowerCase()} given.`
            : 'Flag resolved without a penalty.',
      );
    } catch (caught) {
      setFailure(showActionError(form, caught));
    }
  };

  return (
    <Card size="small" title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>Decision</h2>}>
      <Flex vertical gap={12}>
        {flag.status === 'pending' && (
          <Flex gap={8} align="center" wrap>
            <Typography.Text>Nobody is reviewing this flag yet.</Typography.Text>
            <Button
              type="primary"
              loading={claim.isPending}
              onClick={() =>
                claim.mutateAsync(flag.id).then(
                  () => toast('success', 'The flag is yours to review.'),
                  (caught: unknown) => setFailure(showActionError(form, caught)),
                )
              }
            >
              Claim
            </Button>
          </Flex>
        )}
        {theirs && (
          <Alert type="info" showIcon title={`${flag.assignee?.name} is reviewing this flag.`} />
        )}
        {flag.leastPenalty !== 'warning' && (
          <Alert
            type="warning"
            showIcon
            title={`A repeat offence: a penalty now is at least ${PENALTY_LABELS[flag.leastPenalty].toLowerCase()}.`}
            description={`They were penalised in the last ${PENALTY_ESCALATION_DAYS} days; see the history below.`}
          />
        )}
        {mine && (
          <AppForm<DecisionValues>
            name="flag-decision"
            form={form}
            initialValues={{ outcome: 'resolved', penalty: 'none' }}
            onFinish={(values) => void send(values)}
          >
            <Form.Item name="outcome" label="Outcome">
              <Radio.Group>
                <Radio value="resolved">Resolve: the flag was right</Radio>
                <Radio value="dismissed">Dismiss: nothing wrong</Radio>
              </Radio.Group>
            </Form.Item>
            {outcome !== 'dismissed' && (
              <Form.Item
                name="penalty"
                label="Penalty"
                extra={given ? penaltyEffect(given) : 'The flag is recorded on the account.'}
              >
                <Radio.Group>
                  <Radio value="none" style={{ display: 'flex' }}>
                    No penalty
                  </Radio>
                  {PENALTIES.map((penalty) => (
                    <Radio key={penalty} value={penalty} style={{ display: 'flex' }}>
                      {PENALTY_LABELS[penalty]}
                      {given && penalty === chosen && given !== chosen
                        ? ` (raised to ${PENALTY_LABELS[given].toLowerCase()})`
                        : ''}
                    </Radio>
                  ))}
                </Radio.Group>
              </Form.Item>
            )}
            <ReasonField extra="Kept with the flag; a penalty's reason is mailed to the person." />
            <Button type="primary" htmlType="submit" loading={decide.isPending}>
              Record decision
            </Button>
          </AppForm>
        )}
        {failure && <Alert type="error" showIcon role="alert" title={failure} />}
      </Flex>
    </Card>
  );
}
