import { Alert, Flex, Form, Radio, Typography } from 'antd';
import dayjs from 'dayjs';
import {
  PENALTIES,
  PENALTY_HOURS,
  PENALTY_LABELS,
  type AdminUser,
  type Penalty,
} from '@crimsonhost/shared/admin';
import { useToast } from '../../../components/use-toast';
import { usePenaliseUser } from '../api/penalise-user';
import { ActionDialog } from './action-dialog';
import { ReasonField } from './reason-field';
import { when } from './user-tags';

interface PenaltyValues {
  penalty: Penalty;
  reason: string;
}

/** '24 hours', '7 days'. */
function duration(hours: number): string {
  if (hours % 24 === 0 && hours > 24) return `${hours / 24} days`;
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** What a penalty does, in words; a suspension says when it would end if given now. */
export function penaltyEffect(penalty: Penalty, now = Date.now()): string {
  const hours = PENALTY_HOURS[penalty];
  if (hours !== null) {
    const until = when(dayjs(now).add(hours, 'hour').toISOString());
    return `Signs them out everywhere at once and refuses sign-in for ${duration(hours)}, until ${until}.`;
  }
  return penalty === 'warning'
    ? 'Recorded on the account and mailed to them with the reason. They keep using CrimsonHost.'
    : 'Signs them out everywhere at once and refuses sign-in for good, until an admin lifts it.';
}

/** What pressing the button will do to this person, said before it is pressed. */
function consequence(name: string, penalty: Penalty | undefined): string | null {
  if (!penalty) return null;
  if (penalty === 'warning') return `${name} gets an e-mail with the warning and its reason.`;
  return `${name} is signed out everywhere at once and sees the reason when signing in.`;
}

/** A warning, a suspension or a ban, with the reason the person and the audit log are given. */
export function PenaltyDialog({
  user,
  open,
  onClose,
}: {
  user: AdminUser;
  open: boolean;
  onClose: () => void;
}) {
  const penalise = usePenaliseUser();
  const toast = useToast();
  return (
    <ActionDialog<PenaltyValues>
      name="penalty"
      open={open}
      title="Give a penalty"
      okText="Give penalty"
      danger
      pending={penalise.isPending}
      onClose={onClose}
      onSubmit={async (values) => {
        await penalise.mutateAsync({ id: user.id, ...values });
        toast('success', `${PENALTY_LABELS[values.penalty]} given to ${user.displayName}`);
      }}
    >
      <Form.Item name="penalty" label="Penalty" rules={[{ required: true }]}>
        <Radio.Group aria-label="Penalty" style={{ width: '100%' }}>
          <Flex vertical gap={10}>
            {PENALTIES.map((penalty) => (
              <Radio key={penalty} value={penalty}>
                <Flex vertical component="span">
                  <span>{PENALTY_LABELS[penalty]}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {penaltyEffect(penalty)}
                  </Typography.Text>
                </Flex>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      </Form.Item>
      <ReasonField extra="Told to them, and kept in the audit log." />
      <Form.Item noStyle dependencies={['penalty']}>
        {({ getFieldValue }) => {
          const text = consequence(user.displayName, getFieldValue('penalty') as Penalty);
          return text ? (
            <Alert type="warning" showIcon title={text} style={{ marginBottom: 16 }} />
          ) : null;
        }}
      </Form.Item>
    </ActionDialog>
  );
}
