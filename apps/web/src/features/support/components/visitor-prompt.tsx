import { Card, Flex, Typography } from 'antd';
import { useLocation } from 'react-router';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';

/**
 * What a visitor sees where a signed-in person's support records would be: why, Sign in (back to
 * this page afterwards), and the other ways to get help.
 */
export function VisitorPrompt({
  text,
  guestTicket = false,
  register = false,
}: {
  text: string;
  /** Offer "Open a ticket with your e-mail" (a ticket without an account). */
  guestTicket?: boolean;
  /** Offer "Create account". */
  register?: boolean;
}) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <Card>
      <Flex vertical gap={12} align="flex-start">
        <Typography.Paragraph style={{ margin: 0 }}>{text}</Typography.Paragraph>
        <Flex wrap gap={8}>
          <ButtonLink type="primary" to={paths.login.href(here)}>
            Sign in
          </ButtonLink>
          {register && <ButtonLink to={paths.register.href(here)}>Create account</ButtonLink>}
          {guestTicket && (
            <ButtonLink to={paths.supportNewTicket.href()}>
              Open a ticket with your e-mail
            </ButtonLink>
          )}
          <ButtonLink type="link" to={paths.supportFaq.href()}>
            Browse the FAQ
          </ButtonLink>
        </Flex>
      </Flex>
    </Card>
  );
}
