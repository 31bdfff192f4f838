import type { ReactNode } from 'react';
import { Card, Col, Row, Typography, theme } from 'antd';
import { KeyOutlined, MailOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { TextLink } from '../../../components/text-link';
import { AuthCard } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';

function Choice({
  to,
  icon,
  title,
  text,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
}) {
  const { token } = theme.useToken();
  return (
    <Link to={to} style={{ display: 'block', height: '100%', color: 'inherit' }}>
      <Card hoverable style={{ height: '100%' }}>
        <span aria-hidden="true" style={{ fontSize: 28, color: token.colorLink }}>
          {icon}
        </span>
        <Typography.Title level={2} style={{ fontSize: 18, marginTop: 8 }}>
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {text}
        </Typography.Paragraph>
      </Card>
    </Link>
  );
}

/**
 * /recovery: the choice between a reset link by e-mail and a recovery code. The reset mail links
 * here with ?token=, which shows the form for the new password instead.
 */
export function RecoveryPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (token) {
    return (
      <AuthCard title="Choose a new password" subtitle="The reset link works once.">
        <ResetPasswordForm token={token} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Recover your account"
      subtitle="Choose how you want to get back into your account."
      width={640}
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12}>
          <Choice
            to={paths.forgotPassword.href()}
            icon={<MailOutlined />}
            title="Reset by e-mail"
            text="We mail you a link to choose a new password. Use this if you can read the e-mail of your account."
          />
        </Col>
        <Col xs={24} sm={12}>
          <Choice
            to={paths.accountRecovery.href()}
            icon={<KeyOutlined />}
            title="Use a recovery code"
            text="For accounts made with Discord, or when you lost access to your e-mail: sign in with one of your saved codes."
          />
        </Col>
      </Row>
      <Typography.Paragraph style={{ marginTop: 24, marginBottom: 0 }}>
        Remembered it? <TextLink to={paths.login.href()}>Back to sign in</TextLink>
      </Typography.Paragraph>
    </AuthCard>
  );
}
