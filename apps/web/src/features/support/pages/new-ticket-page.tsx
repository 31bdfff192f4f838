import { Alert, Button, Card, Col, Flex, Form, Result, Row, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { emailSchema } from '@crimsonhost/shared/auth';
import { formatUsdt } from '@crimsonhost/shared/money';
import {
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  ticketMessageSchema,
  ticketSubjectSchema,
  type Attachment,
  type TicketCategory,
  type TicketPriority,
} from '@crimsonhost/shared/support';
import { useAuth } from '../../../app/auth/auth-context';
import { paths } from '../../../app/paths';
import { AppForm, applyFieldErrors, zodRule } from '../../../components/app-form';
import { ButtonLink } from '../../../components/button-link';
import { AttachmentPicker, MessageEditor } from '../../../components/message-editor';
import { TextInput } from '../../../components/text-input';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { rentalsQueryOptions } from '../../../lib/rentals/get-rentals';
import { transactionsQueryOptions } from '../../../lib/wallet/get-transactions';
import { useDeflect } from '../api/faq';
import { useCreateGuestTicket } from '../api/guest';
import { useSupportSettings } from '../api/settings';
import { useCreateTicket } from '../api/tickets';
import { FaqSuggestions } from '../components/faq-suggestions';

interface TicketForm {
  email?: string;
  subject: string;
  category: TicketCategory;
  priority: TicketPriority;
  message: string;
  link?: string;
  attachments?: Attachment[];
}

const NONE = 'none';

/** The records a ticket can be about, chosen from my own (never typed). */
function useLinkOptions(enabled: boolean) {
  const rentals = useQuery({ ...rentalsQueryOptions({ page: 1, pageSize: 100 }), enabled });
  const transactions = useQuery({
    ...transactionsQueryOptions({ page: 1, pageSize: 100 }),
    enabled,
  });
  const rentalOptions = (rentals.data?.rentals ?? []).map((rental) => ({
    value: `rental:${rental.id}`,
    label: `Rental: ${rental.server.name} (${rental.status === 'ACTIVE' ? 'active' : rental.status.toLowerCase()})`,
    active: rental.status === 'ACTIVE',
  }));
  const transactionOptions = (transactions.data?.data ?? []).map((t) => ({
    value: `transaction:${t.id}`,
    label: `${t.description} · ${formatUsdt(t.amount.replace(/^-/, ''))} USDT · ${new Date(t.createdAt).toLocaleDateString('en-US')}`,
    active: false,
  }));
  return {
    loading: rentals.isPending || transactions.isPending,
    options: [
      { value: NONE, label: 'Nothing in particular', active: false },
      ...(rentalOptions.length ? [{ label: 'My rentals', options: rentalOptions }] : []),
      ...(transactionOptions.length
        ? [{ label: 'My transactions', options: transactionOptions }]
        : []),
    ],
    activeRentals: new Set(rentalOptions.filter((o) => o.active).map((o) => o.value)),
  };
}

/** /support/tickets/new: a ticket, with the FAQ's closest answers beside it as it is written. */
export function NewTicketPage() {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const [form] = Form.useForm<TicketForm>();
  const [answered, setAnswered] = useState(false);
  const [guestSentTo, setGuestSentTo] = useState<string | null>(null);
  const settings = useSupportSettings({ enabled: signedIn });
  const links = useLinkOptions(signedIn);
  const create = useCreateTicket();
  const createGuest = useCreateGuestTicket();
  const deflect = useDeflect();
  const subject = Form.useWatch('subject', form) ?? '';
  const message = Form.useWatch('message', form) ?? '';
  const link = Form.useWatch('link', form) ?? NONE;
  const urgentAllowed = links.activeRentals.has(link);
  const preferred = settings.data?.defaultCategory;
  const initialLink = search.get('link') ?? NONE;
  // My default category from the support settings, unless a linked record says otherwise.
  useEffect(() => {
    if (preferred && initialLink === NONE && !form.isFieldTouched('category')) {
      form.setFieldValue('category', preferred);
    }
  }, [preferred, initialLink, form]);

  if (status === 'loading') return null;
  if (answered) {
    return (
      <Result
        status="success"
        title="Glad that helped"
        subTitle="If anything else comes up, we are here."
        extra={[
          <ButtonLink key="faq" to={paths.supportFaq.href()}>
            Browse the FAQ
          </ButtonLink>,
          <ButtonLink key="tickets" type="primary" to={paths.supportTickets.href()}>
            My Tickets
          </ButtonLink>,
        ]}
      />
    );
  }
  if (guestSentTo) {
    return (
      <Result
        status="success"
        title="Check your inbox"
        subTitle={`We sent a mail to ${guestSentTo}. Its link opens your ticket, where our answers appear. No mail in a few minutes? Look in the spam folder.`}
        extra={<ButtonLink to={paths.supportFaq.href()}>Browse the FAQ</ButtonLink>}
      />
    );
  }

  const error = create.error ?? createGuest.error;

  const submit = (values: TicketForm) => {
    if (!signedIn) {
      createGuest.mutate(
        {
          email: values.email!,
          subject: values.subject,
          category: values.category,
          message: values.message,
        },
        { onSuccess: () => setGuestSentTo(values.email!) },
      );
      return;
    }
    const [kind, id] = (values.link ?? NONE).split(':');
    create.mutate(
      {
        subject: values.subject,
        category: values.category,
        priority: values.priority,
        message: values.message,
        rentalId: kind === 'rental' ? id : undefined,
        transactionId: kind === 'transaction' ? id : undefined,
        attachmentIds: (values.attachments ?? []).map((file) => file.id),
      },
      {
        onSuccess: (ticket) => {
          toast('success', `Ticket #${ticket.number} is open. We will answer here and by mail.`);
          void navigate(paths.supportTicket.href(ticket.id));
        },
        onError: (raw) => {
          const apiError = toApiError(raw);
          applyFieldErrors(form, apiError);
        },
      },
    );
  };

  return (
    <>
      <title>New ticket · CrimsonHost</title>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={15}>
          <Card title="New ticket">
            {!signedIn && (
              <Alert
                style={{ marginBottom: 16 }}
                type="info"
                showIcon
                title="You are not signed in"
                description={
                  <span>
                    Write with your e-mail address and we mail you a link to follow the ticket.{' '}
                    <ButtonLink
                      type="link"
                      to={paths.login.href(paths.supportNewTicket.href())}
                      style={{ padding: 0, height: 'auto' }}
                    >
                      Sign in
                    </ButtonLink>{' '}
                    to link a rental or attach files.
                  </span>
                }
              />
            )}
            <AppForm<TicketForm>
              name="new-ticket"
              form={form}
              onFinish={submit}
              initialValues={{
                category: initialLink.startsWith('rental:')
                  ? 'RENTAL'
                  : initialLink.startsWith('transaction:')
                    ? 'BILLING'
                    : 'GENERAL',
                priority: 'NORMAL',
                link: initialLink,
                attachments: [],
              }}
            >
              {!signedIn && (
                <Form.Item
                  name="email"
                  label="E-mail"
                  rules={[{ required: true }, zodRule(emailSchema)]}
                >
                  <TextInput type="email" autoComplete="email" />
                </Form.Item>
              )}
              <Form.Item
                name="subject"
                label="Subject"
                rules={[{ required: true }, zodRule(ticketSubjectSchema)]}
              >
                <TextInput maxLength={150} placeholder="In a few words, what is wrong?" />
              </Form.Item>
              {signedIn && (
                <Form.Item
                  name="link"
                  label="Related to"
                  help="Choose the rental or payment this is about."
                >
                  <Select
                    loading={links.loading}
                    options={links.options}
                    showSearch={{ optionFilterProp: 'label' }}
                    onChange={(value: string) => {
                      if (
                        !links.activeRentals.has(value) &&
                        form.getFieldValue('priority') === 'URGENT'
                      ) {
                        form.setFieldValue('priority', 'HIGH');
                      }
                    }}
                  />
                </Form.Item>
              )}
              <Row gutter={12}>
                <Col xs={24} sm={12}>
                  <Form.Item name="category" label="Category" rules={[{ required: true }]}>
                    <Select
                      options={TICKET_CATEGORIES.map((c) => ({
                        value: c,
                        label: TICKET_CATEGORY_LABELS[c],
                      }))}
                    />
                  </Form.Item>
                </Col>
                {signedIn && (
                  <Col xs={24} sm={12}>
                    <Form.Item
                      name="priority"
                      label="Priority"
                      rules={[{ required: true }]}
                      help={
                        urgentAllowed
                          ? undefined
                          : 'Urgent is for a problem with an active rental: choose it under Related to.'
                      }
                    >
                      <Select
                        options={TICKET_PRIORITIES.map((p) => ({
                          value: p,
                          label: TICKET_PRIORITY_LABELS[p],
                          disabled: p === 'URGENT' && !urgentAllowed,
                        }))}
                      />
                    </Form.Item>
                  </Col>
                )}
              </Row>
              <Form.Item
                name="message"
                label="Message"
                rules={[{ required: true }, zodRule(ticketMessageSchema)]}
              >
                <MessageEditor placeholder="What happened, when, and what you expected. Steps help us most." />
              </Form.Item>
              {signedIn && (
                <Form.Item name="attachments" label="Attachments">
                  <AttachmentPicker />
                </Form.Item>
              )}
              {error && (
                <Alert
                  style={{ marginBottom: 16 }}
                  type="error"
                  showIcon
                  title={describeApiError(toApiError(error))}
                />
              )}
              <Flex gap={8}>
                <Button
                  type="primary"
                  htmlType="submit"
                  loading={create.isPending || createGuest.isPending}
                >
                  Send ticket
                </Button>
                <ButtonLink to={paths.supportTickets.href()}>Cancel</ButtonLink>
              </Flex>
            </AppForm>
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <FaqSuggestions
            text={`${subject} ${message}`}
            onAnswered={(hit) => {
              deflect.mutate(hit.article.id);
              setAnswered(true);
            }}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 13 }}>
            We answer urgent tickets within an hour and normal ones within 18 hours.
          </Typography.Paragraph>
        </Col>
      </Row>
    </>
  );
}
