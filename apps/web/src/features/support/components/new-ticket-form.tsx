import { Alert, Button, Col, Flex, Form, Row, Select, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { emailSchema } from '@crimsonhost/shared/auth';
import {
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_SUBJECT_MAX,
  ticketMessageSchema,
  ticketSubjectSchema,
  type Attachment,
  type TicketCategory,
  type TicketPriority,
} from '@crimsonhost/shared/support';
import { paths } from '../../../app/paths';
import { AppForm, applyFieldErrors, zodRule } from '../../../components/app-form';
import { ButtonLink } from '../../../components/button-link';
import { AttachmentPicker, MessageEditor } from '../../../components/message-editor';
import { TextInput } from '../../../components/text-input';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { NO_LINK, useLinkOptions } from './use-link-options';

export interface NewTicketValues {
  /** A visitor's address (a ticket without an account). */
  email?: string;
  subject: string;
  category: TicketCategory;
  priority: TicketPriority;
  message: string;
  /** 'rental:<id>', 'transaction:<id>' or 'none'. */
  link: string;
  attachments: Attachment[];
}

const CATEGORY_OPTIONS = TICKET_CATEGORIES.map((category) => ({
  value: category,
  label: TICKET_CATEGORY_LABELS[category],
}));

/** The category a record suggests: a rental's problem is RENTAL, a payment's is BILLING. */
function categoryFor(link: string, fallback: TicketCategory): TicketCategory {
  if (link.startsWith('rental:')) return 'RENTAL';
  if (link.startsWith('transaction:')) return 'BILLING';
  return fallback;
}

/**
 * The fields of a new ticket. Signed in: the record it is about (from my own lists), priority
 * (Urgent only for an active rental) and files; a visitor gives an e-mail instead. `onSubmit`
 * sends it and rejects with the API's error, which lands on its field or above the buttons.
 */
export function NewTicketForm({
  form,
  signedIn,
  initialLink,
  defaultCategory,
  submitting,
  onSubmit,
}: {
  form: FormInstance<NewTicketValues>;
  signedIn: boolean;
  initialLink: string;
  /** From my support settings, once they are read. */
  defaultCategory?: TicketCategory;
  submitting: boolean;
  onSubmit: (values: NewTicketValues) => Promise<unknown>;
}) {
  const links = useLinkOptions(signedIn);
  const link = (Form.useWatch('link', form) as string | undefined) ?? initialLink;
  const urgentAllowed = links.activeRentals.has(link);
  const [formError, setFormError] = useState<string | null>(null);

  // My default category from the support settings, unless I chose one or a record suggests one.
  // (setFields, not setFieldValue: a value set here must not count as touched by the person.)
  useEffect(() => {
    if (defaultCategory && !form.isFieldTouched('category')) {
      form.setFields([
        {
          name: 'category',
          value: categoryFor(form.getFieldValue('link') as string, defaultCategory),
        },
      ]);
    }
  }, [defaultCategory, form]);

  // A `?link=` to a record that is not among mine (or no longer listed): say so, link nothing.
  const preselectedMissing =
    initialLink !== NO_LINK && links.settled && !links.failed && !links.isKnown(initialLink);
  useEffect(() => {
    if (preselectedMissing && form.getFieldValue('link') === initialLink) {
      form.setFields([{ name: 'link', value: NO_LINK }]);
    }
  }, [preselectedMissing, initialLink, form]);
  const unknownLink = preselectedMissing && !form.isFieldTouched('link');

  const chooseLink = (value: string) => {
    if (!form.isFieldTouched('category')) {
      form.setFields([
        { name: 'category', value: categoryFor(value, defaultCategory ?? 'GENERAL') },
      ]);
    }
    const priority = form.getFieldValue('priority') as TicketPriority;
    form.setFields([
      {
        name: 'priority',
        value: priority === 'URGENT' && !links.activeRentals.has(value) ? 'HIGH' : priority,
        errors: [],
      },
    ]);
  };

  const submit = (values: NewTicketValues) => {
    setFormError(null);
    onSubmit(values).catch((raw: unknown) => {
      const error = toApiError(raw);
      if (error.code === 'URGENT_NEEDS_ACTIVE_RENTAL') {
        form.setFields([{ name: 'priority', errors: [describeApiError(error)] }]);
        form.scrollToField('priority', { block: 'center', focus: true });
      } else if (!applyFieldErrors(form, error)) {
        setFormError(describeApiError(error));
      }
    });
  };

  // While the lists load (or if they failed) a preselected record still reads as words.
  const options = links.isKnown(link)
    ? links.options
    : [
        ...links.options,
        {
          value: link,
          label: link.startsWith('rental:')
            ? 'The rental from the link'
            : 'The transaction from the link',
        },
      ];

  return (
    <AppForm<NewTicketValues>
      name="new-ticket"
      form={form}
      onFinish={submit}
      initialValues={{
        subject: '',
        message: '',
        category: categoryFor(initialLink, defaultCategory ?? 'GENERAL'),
        priority: 'NORMAL',
        link: initialLink,
        attachments: [],
      }}
    >
      {!signedIn && (
        <Form.Item name="email" label="E-mail" rules={[{ required: true }, zodRule(emailSchema)]}>
          <TextInput type="email" autoComplete="email" />
        </Form.Item>
      )}
      <Form.Item
        name="subject"
        label="Subject"
        rules={[{ required: true }, zodRule(ticketSubjectSchema)]}
      >
        <TextInput maxLength={TICKET_SUBJECT_MAX} placeholder="In a few words, what is wrong?" />
      </Form.Item>
      {signedIn && (
        <>
          {unknownLink && (
            <Alert
              style={{ marginBottom: 12 }}
              type="warning"
              showIcon
              title="The record in the link is not one of your rentals or transactions. Choose one from the list, or none."
            />
          )}
          {links.failed && (
            <Alert
              style={{ marginBottom: 12 }}
              type="warning"
              showIcon
              title="Your rentals and transactions could not be loaded to choose from."
              action={
                <Button size="small" onClick={links.retry}>
                  Retry
                </Button>
              }
            />
          )}
          <Form.Item
            name="link"
            label="Related to"
            extra="The rental or payment this is about, if any: we see its state at once."
          >
            <Select
              loading={links.loading}
              options={options}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={chooseLink}
            />
          </Form.Item>
        </>
      )}
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="category" label="Category" rules={[{ required: true }]}>
            <Select options={CATEGORY_OPTIONS} />
          </Form.Item>
        </Col>
        {signedIn && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="priority"
              label="Priority"
              rules={[{ required: true }]}
              extra={
                urgentAllowed
                  ? 'Urgent: the active rental chosen under Related to is down or unusable.'
                  : 'Urgent is for a problem with an active rental: choose it under Related to.'
              }
            >
              <Select
                options={TICKET_PRIORITIES.map((priority) => ({
                  value: priority,
                  label: TICKET_PRIORITY_LABELS[priority],
                  disabled: priority === 'URGENT' && !urgentAllowed,
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
      {formError && <Alert style={{ marginBottom: 16 }} type="error" showIcon title={formError} />}
      <Flex wrap gap={8}>
        <Button type="primary" htmlType="submit" loading={submitting}>
          Send ticket
        </Button>
        <ButtonLink to={paths.supportTickets.href()}>Cancel</ButtonLink>
      </Flex>
    </AppForm>
  );
}
