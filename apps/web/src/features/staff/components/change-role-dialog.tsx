import { Form, Select, Typography } from 'antd';
import type { AdminUser } from '@crimsonhost/shared/admin';
import { ROLES, type Role } from '@crimsonhost/shared/constants';
import { useToast } from '../../../components/use-toast';
import { useChangeUserRole } from '../api/change-user-role';
import { ActionDialog } from './action-dialog';
import { ReasonField } from './reason-field';
import { ROLE_LABELS } from './user-tags';

interface RoleValues {
  role: Role;
  reason: string;
}

/** Gives the account another role, with the reason the audit log keeps. */
export function ChangeRoleDialog({
  user,
  open,
  onClose,
}: {
  user: AdminUser;
  open: boolean;
  onClose: () => void;
}) {
  const change = useChangeUserRole();
  const toast = useToast();
  return (
    <ActionDialog<RoleValues>
      name="change-role"
      open={open}
      title="Change role"
      okText="Change role"
      pending={change.isPending}
      onClose={onClose}
      onSubmit={async (values) => {
        const changed = await change.mutateAsync({ id: user.id, ...values });
        toast('success', `${user.displayName} is now ${ROLE_LABELS[changed.role]}`);
      }}
    >
      <Typography.Paragraph>
        {user.displayName} ({user.email}) is {ROLE_LABELS[user.role]} now. The new role applies at
        once; the change and its reason go to the audit log.
      </Typography.Paragraph>
      <Form.Item name="role" label="New role" rules={[{ required: true }]}>
        <Select<Role>
          placeholder="Choose a role"
          options={ROLES.map((role) => ({
            value: role,
            label: role === user.role ? `${ROLE_LABELS[role]} (now)` : ROLE_LABELS[role],
            disabled: role === user.role,
          }))}
        />
      </Form.Item>
      <ReasonField />
    </ActionDialog>
  );
}
