import { Alert, Card, Col, Flex, Form, Result, Row, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { FaqSearchHit } from '@crimsonhost/shared/support';
import { useAuth } from '../../../app/auth/auth-context';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { useToast } from '../../../components/use-toast';
import { useCreateGuestTicket } from '../api/create-guest-ticket';
import { useCreateTicket } from '../api/create-ticket';
import { useDeflectFaqArticle } from '../api/deflect-faq-article';
import { useSupportSettings } from '../api/get-support-settings';
import { FaqSuggestions } from '../components/faq-suggestions';
import { NewTicketForm, type NewTicketValues } from '../components/new-ticket-form';
import { linkedIds, readLinkParam } from '../components/use-link-options';

const TITLE = <title>New ticket · CrimsonHost</title>;

/** What a visitor is told above the form: an account does more, the FAQ may already answer. */
function VisitorNotice() {
  const here = paths.supportNewTicket.href();
  return (
    <Alert
      style={{ marginBottom: 16 }}
      type="info"
      showIcon
      title="You are not signed in"
      description={
        <Flex vertical gap={8} align="flex-start">
          <span>
            Sign in to link a rental or payment, attach files and follow all your tickets in one
            place. Without an account, write with your e-mail address: we mail you a link that opens
            your ticket.
          </span>
          <Flex wrap gap={8}>
            <ButtonLink type="primary" size="small" to={paths.login.href(here)}>
              Sign in
            </ButtonLink>
            <ButtonLink size="small" to={paths.register.href(here)}>
              Create account
            </ButtonLink>
            <ButtonLink type="link" size="small" to={paths.supportFaq.href()}>
              Browse the FAQ
            </ButtonLink>
          </Flex>
        </Flex>
      }
    />
  );
}

/**
 * /support/tickets/new: a ticket, with the FAQ's closest answers beside it as it is written. A
 * visitor writes with an e-mail address and follows the ticket from the mailed link.
 */
export function NewTicketPage() {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const [form] = Form.useForm<NewTicketValues>();
  const [guestSentTo, setGuestSentTo] = useState<string | null>(null);
  const settings = useSupportSettings({ enabled: signedIn });
  const create = useCreateTicket();
  const createGuest = useCreateGuestTicket();
  const deflect = useDeflectFaqArticle();
  const subject = (Form.useWatch('subject', form) as string | undefined) ?? '';
  const message = (Form.useWatch('message', form) as string | undefined) ?? '';

  if (status === 'loading') return <ListSkeleton rows={4} />;
  if (guestSentTo) {
    return (
      <>
        {TITLE}
        <Result
          status="success"
          title="Check your inbox"
          subTitle={`We sent a mail to ${guestSentTo}. Its link opens your ticket, where our answers appear. No mail in a few minutes? Look in the spam folder.`}
          extra={<ButtonLink to={paths.supportFaq.href()}>Browse the FAQ</ButtonLink>}
        />
      </>
    );
  }

  const submit = async (values: NewTicketValues) => {
    if (!signedIn) {
      await createGuest.mutateAsync({
        email: values.email ?? '',
        subject: values.subject,
        category: values.category,
        message: values.message,
      });
      setGuestSentTo(values.email ?? '');
      return;
    }
    const ticket = await create.mutateAsync({
      subject: values.subject,
      category: values.category,
      priority: values.priority,
      message: values.message,
      ...linkedIds(values.link),
      attachmentIds: values.attachments.map((file) => file.id),
    });
    toast('success', `Ticket #${ticket.number} is open. We will answer here and by mail.`);
    void navigate(paths.supportTicket.href(ticket.id));
  };

  // The answer helped: the ticket is not needed. Count it, and show the answer in the FAQ.
  const answered = (hit: FaqSearchHit) => {
    deflect.mutate(hit.article.id, {
      onSettled: () => {
        toast('success', 'Glad that helped');
        void navigate(paths.supportFaq.href({ article: hit.article.slug }));
      },
    });
  };

  return (
    <>
      {TITLE}
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={15}>
          <Card title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>New ticket</h2>}>
            {!signedIn && <VisitorNotice />}
            <NewTicketForm
              form={form}
              signedIn={signedIn}
              initialLink={readLinkParam(search.get('link'))}
              defaultCategory={settings.data?.defaultCategory}
              submitting={create.isPending || createGuest.isPending}
              onSubmit={submit}
            />
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <FaqSuggestions
            text={`${subject} ${message}`}
            onAnswered={answered}
            answering={deflect.isPending}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 13 }}>
            We answer urgent tickets within an hour and normal ones within 18 hours.
          </Typography.Paragraph>
        </Col>
      </Row>
    </>
  );
}
