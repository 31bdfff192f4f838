import { Alert, Button, Descriptions, Flex, Form, Result, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PENALTY_LABELS } from '@crimsonhost/shared/admin';
import {
  APPEAL_MESSAGE_MAX,
  appealRequestSchema,
  PENALTY_APPEAL_DAYS,
  type AppealView,
} from '@crimsonhost/shared/moderation';
import { paths } from '../../../app/paths';
import { AppForm, applyFieldErrors, contractRule } from '../../../components/app-form';
import { ButtonLink } from '../../../components/button-link';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { TextArea } from '../../../components/text-input';
import { ApiError, toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { AuthCard } from '../../auth/components/auth-card';
import { useAppeal, useSendAppeal } from '../api/appeal';

const WHEN = 'D MMM YYYY, HH:mm';

/** Where the appeal stands, once made. */
function AppealState({ appeal }: { appeal: NonNullable<AppealView['appeal']> }) {
  if (appeal.outcome === 'overturned') {
    return (
      <Alert
        type="success"
        showIcon
        title="Your appeal was accepted"
        description="The penalty is withdrawn and no longer counts on your account."
      />
    );
  }
  if (appeal.outcome === 'upheld') {
    return (
      <Alert
        type="info"
        showIcon
        title="Support answered: the penalty stands"
        description="The reason is in the mail support sent you."
      />
    );
  }
  return (
    <Alert
      type="info"
      showIcon
      title={`Appeal sent on ${dayjs(appeal.at).format(WHEN)}`}
      description="Support reads it and answers by mail. A penalty can be appealed once."
    />
  );
}

/**
 * /appeal/:token: the page the mail about a penalty links to (no sign-in, since a suspended
 * account cannot sign in): the penalty and its reason, and the one appeal, within the window.
 */
export function AppealPage() {
  const { token = '' } = useParams();
  const appeal = useAppeal(token);
  const send = useSendAppeal(token);
  const [form] = Form.useForm<{ message: string }>();
  const [failure, setFailure] = useState<string | null>(null);

  if (appeal.isPending) {
    return (
      <AuthCard title="Appeal a penalty">
        <ListSkeleton rows={4} />
      </AuthCard>
    );
  }
  if (!appeal.data) {
    const notFound = appeal.error instanceof ApiError && appeal.error.status === 404;
    return (
      <AuthCard title="Appeal a penalty">
        <Result
          status="warning"
          title={notFound ? 'This appeal link is not valid' : 'The penalty could not be loaded'}
          subTitle={
            notFound
              ? 'Open the link from the mail again: it must be complete.'
              : describeApiError(toApiError(appeal.error))
          }
          extra={<ButtonLink to={paths.support.href()}>Write to support</ButtonLink>}
        />
      </AuthCard>
    );
  }
  const view = appeal.data;
  const open = !view.appeal && dayjs().isBefore(view.appealUntil);
  const submit = (values: { message: string }) => {
    setFailure(null);
    send.mutateAsync(values).catch((raw: unknown) => {
      const error = toApiError(raw);
      if (!applyFieldErrors(form, error)) setFailure(describeApiError(error));
    });
  };
  return (
    <AuthCard
      title="Appeal a penalty"
      width={560}
      subtitle={`Hello ${view.name}. If you believe this penalty is a mistake, say why: support reads your appeal and answers by mail. You can appeal once, within ${PENALTY_APPEAL_DAYS} days.`}
    >
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[
            { key: 'penalty', label: 'Penalty', children: PENALTY_LABELS[view.penalty] },
            { key: 'reason', label: 'Reason', children: view.reason },
            { key: 'given', label: 'Given', children: dayjs(view.issuedAt).format(WHEN) },
            ...(view.endsAt
              ? [{ key: 'ends', label: 'Ends', children: dayjs(view.endsAt).format(WHEN) }]
              : []),
            {
              key: 'until',
              label: 'Appeal until',
              children: dayjs(view.appealUntil).format(WHEN),
            },
          ]}
        />
        {view.appeal && <AppealState appeal={view.appeal} />}
        {!view.appeal && !open && (
          <Alert
            type="warning"
            showIcon
            title="The time to appeal this penalty has passed"
            description="Write to support if something has changed since."
          />
        )}
        {open && (
          <AppForm<{ message: string }> name="appeal" form={form} onFinish={submit}>
            <Form.Item
              name="message"
              label="Why is this penalty a mistake?"
              extra="What happened, in your words, and anything support should look at."
              rules={[contractRule(appealRequestSchema.shape.message)]}
            >
              <TextArea rows={6} maxLength={APPEAL_MESSAGE_MAX} showCount />
            </Form.Item>
            {failure && (
              <Alert
                type="error"
                showIcon
                role="alert"
                title={failure}
                style={{ marginBottom: 16 }}
              />
            )}
            <Button type="primary" htmlType="submit" loading={send.isPending}>
              Send appeal
            </Button>
          </AppForm>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          Rentals already running keep running, and money in your wallet stays yours.
        </Typography.Text>
      </Flex>
    </AuthCard>
  );
}
