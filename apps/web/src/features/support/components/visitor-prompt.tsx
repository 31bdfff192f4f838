import { Card, Flex, Typography } from 'antd';
import { useLocation } from 'react-router';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';

/** What a visitor sees where a signed-in person's support records would be. */
export function VisitorPrompt({
  text,
  guestTicket = true,
}: {
  text: string;
  guestTicket?: boolean;
}) {
  const { pathname, search } = useLocation();
  return (
    <Card>
      <Flex vertical gap={12} align="flex-start">
        <Typography.Paragraph style={{ margin: 0 }}>{text}</Typography.Paragraph>
        <Flex wrap gap={8}>
          <ButtonLink type="primary" to={paths.login.href(`${pathname}${search}`)}>
            Sign in
          </ButtonLink>
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
