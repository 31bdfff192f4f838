import { Alert, Button, Card, Flex, Form, Typography } from 'antd';
import { emailSchema } from '@crimsonhost/shared/auth';
import { AppForm, zodRule } from '../../../components/app-form';
import { TextInput } from '../../../components/text-input';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useRequestGuestLinks } from '../api/request-guest-links';

/** A visitor who lost the link of a ticket, or whose link expired, asks for new ones by e-mail. */
export function GuestLinkRequest() {
  const request = useRequestGuestLinks();
  return (
    <Card size="small" title="Wrote to us without an account?">
      {request.isSuccess ? (
        <Alert
          type="success"
          showIcon
          title="If tickets were opened with that address, we mailed new links to them."
        />
      ) : (
        <AppForm<{ email: string }>
          name="guest-links"
          onFinish={(values) => request.mutate(values.email)}
        >
          <Typography.Paragraph type="secondary">
            Each mail about your ticket carries a link that opens it for 30 days. Lost it, or did it
            expire? We mail you new links.
          </Typography.Paragraph>
          <Flex wrap gap={8} align="flex-start">
            <Form.Item
              name="email"
              label="E-mail"
              rules={[{ required: true }, zodRule(emailSchema)]}
              style={{ flex: '1 1 220px', marginBottom: 8 }}
            >
              <TextInput type="email" autoComplete="email" />
            </Form.Item>
            <Button htmlType="submit" loading={request.isPending} style={{ marginTop: 30 }}>
              Mail me new links
            </Button>
          </Flex>
          {request.error && (
            <Alert type="error" showIcon title={describeApiError(toApiError(request.error))} />
          )}
        </AppForm>
      )}
    </Card>
  );
}
