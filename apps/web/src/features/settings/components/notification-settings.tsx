import { useId } from 'react';
import { Flex, Skeleton, Switch, Typography } from 'antd';
import {
  NOTIFICATION_GROUPS,
  type NotificationItem,
  type OptionalNotification,
} from '@crimsonhost/shared/notifications';
import { LoadErrorResult } from '../../../components/load-error-result';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
} from '../api/notification-settings';

function Item({
  item,
  checked,
  pending,
  onChange,
}: {
  item: NotificationItem;
  checked: boolean;
  pending: boolean;
  onChange: (key: OptionalNotification, on: boolean) => void;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <Flex component="li" gap={12} align="flex-start" justify="space-between">
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <Typography.Text strong id={labelId}>
          {item.label}
        </Typography.Text>
        <Typography.Text type="secondary" id={hintId}>
          {item.description}
        </Typography.Text>
      </Flex>
      {item.key ? (
        <Switch
          aria-labelledby={labelId}
          aria-describedby={hintId}
          checked={checked}
          loading={pending}
          onChange={(on) => onChange(item.key!, on)}
        />
      ) : (
        <Typography.Text style={{ whiteSpace: 'nowrap' }}>Always on</Typography.Text>
      )}
    </Flex>
  );
}

/**
 * Every mail CrimsonHost sends, in groups: the optional ones with a switch (saved at once), the
 * rest marked "Always on" with why, so nobody wonders why a mail still comes.
 */
export function NotificationSettings() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const toast = useToast();
  if (settings.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (settings.isError) {
    return <LoadErrorResult title="Your mail choices could not be loaded" query={settings} />;
  }
  const change = (key: OptionalNotification, on: boolean) => {
    update.mutateAsync({ [key]: on }).then(
      () => toast('success', 'Saved.'),
      (error: unknown) => toast('error', describeApiError(toApiError(error))),
    );
  };
  return (
    <Flex vertical gap={20}>
      {NOTIFICATION_GROUPS.map((group) => (
        <section key={group.id} aria-labelledby={`mails-${group.id}`}>
          <Typography.Title
            level={3}
            id={`mails-${group.id}`}
            style={{ fontSize: 16, margin: '0 0 8px' }}
          >
            {group.title}
          </Typography.Title>
          <Flex
            component="ul"
            vertical
            gap={12}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {group.items.map((item) => (
              <Item
                key={item.label}
                item={item}
                checked={item.key ? settings.data[item.key] : true}
                pending={
                  update.isPending && item.key !== null && item.key in (update.variables ?? {})
                }
                onChange={change}
              />
            ))}
          </Flex>
        </section>
      ))}
    </Flex>
  );
}
