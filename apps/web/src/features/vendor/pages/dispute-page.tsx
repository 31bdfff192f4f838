import { Alert, Button, Descriptions, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { DISPUTE_REASON_LABELS } from '@crimsonhost/shared/disputes';
import { vendorDisputeAnswerSchema } from '@crimsonhost/shared/vendor-disputes';
import { paths } from '../../../app/paths';
import { AppForm, applyFieldErrors, contractRule } from '../../../components/app-form';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { SurfaceCard } from '../../../components/surface-card';
import { TextArea } from '../../../components/text-input';
import { TextLink } from '../../../components/text-link';
import { TicketConversation } from '../../../components/ticket-conversation';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useAnswerDispute, useVendorDispute } from '../api/vendor-disputes';
import { Dated } from '../components/dated';
import { DisputeStatusTag } from '../../../components/dispute-status-tag';

/**
 * /vendor/disputes/:disputeId (vendor role): what the renter disputes, the conversation of its
 * ticket (support's internal notes are never here), and my answer while it is open.
 */
export function DisputePage() {
  const { disputeId = '' } = useParams();
  const dispute = useVendorDispute(disputeId);
  const answer = useAnswerDispute();
  const toast = useToast();
  const [form] = Form.useForm<{ message: string }>();
  const [failure, setFailure] = useState<string | null>(null);

  if (dispute.isPending) return <ListSkeleton rows={4} />;
  if (!dispute.data) {
    return <LoadErrorResult title="This dispute could not be loaded" query={dispute} />;
  }
  const data = dispute.data;
  const send = ({ message }: { message: string }) => {
    setFailure(null);
    answer.mutateAsync({ id: data.id, message }).then(
      () => {
        form.resetFields();
        toast('success', 'Your answer is in the dispute. The renter and support can read it.');
      },
      (raw: unknown) => {
        const error = toApiError(raw);
        if (!applyFieldErrors(form, error)) setFailure(describeApiError(error));
      },
    );
  };

  return (
    <>
      <title>{`Dispute: ${data.server.name} · Vendor · CrimsonHost`}</title>
      <Flex vertical gap={16}>
        <TextLink to={paths.vendorDisputes.href()}>All disputes</TextLink>
        <Flex wrap gap={8} align="center">
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            Dispute: {data.server.name}
          </Typography.Title>
          <DisputeStatusTag dispute={data} />
        </Flex>
        <SurfaceCard bodyStyle={{ padding: 16 }}>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'reason',
                label: 'What went wrong',
                children: DISPUTE_REASON_LABELS[data.reason],
              },
              { key: 'renter', label: 'Renter', children: data.renterName },
              { key: 'opened', label: 'Opened', children: <Dated at={data.openedAt} withTime /> },
              {
                key: 'due',
                label: 'Answer by',
                children: <Dated at={data.vendorAnswerDueAt} withTime />,
              },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {data.status === 'OPEN'
              ? 'The payment for this rental is held until support decides. Without your answer, support decides on the evidence it has.'
              : 'Support has decided this dispute.'}
          </Typography.Paragraph>
        </SurfaceCard>
        <section aria-label="Conversation">
          <TicketConversation messages={data.messages} viewer="vendor" />
        </section>
        {data.status === 'OPEN' && (
          <SurfaceCard bodyStyle={{ padding: 16 }}>
            <AppForm<{ message: string }> name="dispute-answer" form={form} onFinish={send}>
              <Form.Item
                name="message"
                label="Your answer"
                extra="What you saw on your side: the panel, logs, when the server ran. The renter and support read it."
                rules={[contractRule(vendorDisputeAnswerSchema.shape.message)]}
              >
                <TextArea rows={5} />
              </Form.Item>
              {failure && (
                <Alert
                  type="error"
                  showIcon
                  role="alert"
                  title={failure}
                  style={{ marginBottom: 12 }}
                />
              )}
              <Button type="primary" htmlType="submit" loading={answer.isPending}>
                Send answer
              </Button>
            </AppForm>
          </SurfaceCard>
        )}
      </Flex>
    </>
  );
}
