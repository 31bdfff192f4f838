import { Typography } from 'antd';
import type { AdminUser } from '@crimsonhost/shared/admin';
import { useToast } from '../../../components/use-toast';
import { useLiftSuspension } from '../api/lift-suspension';
import { ActionDialog } from './action-dialog';
import { ReasonField } from './reason-field';

interface LiftValues {
  reason: string;
}

/** Ends a suspension or a ban early, with the reason the audit log keeps. */
export function LiftSuspensionDialog({
  user,
  open,
  onClose,
}: {
  user: AdminUser;
  open: boolean;
  onClose: () => void;
}) {
  const lift = useLiftSuspension();
  const toast = useToast();
  const what = user.status === 'banned' ? 'ban' : 'suspension';
  return (
    <ActionDialog<LiftValues>
      name="lift-suspension"
      open={open}
      title={`Lift the ${what}`}
      okText={`Lift ${what}`}
      pending={lift.isPending}
      onClose={onClose}
      onSubmit={async (values) => {
        await lift.mutateAsync({ id: user.id, ...values });
        toast('success', `${user.displayName} can sign in again`);
      }}
    >
      <Typography.Paragraph>
        {user.displayName} can sign in again at once. The penalty stays in their history, marked
        lifted with this reason.
      </Typography.Paragraph>
      <ReasonField />
    </ActionDialog>
  );
}
