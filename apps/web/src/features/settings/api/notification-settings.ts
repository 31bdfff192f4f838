import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationSettingsResponseSchema,
  type NotificationSettings,
  type NotificationSettingsPatch,
} from '@crimsonhost/shared/notifications';
import { ACCOUNT_QUERY_KEY } from '../../../app/auth/auth-context';
import { apiClient } from '../../../lib/api-client';

/** The mails I chose: under the account, so signing out drops them with it. */
export const notificationSettingsQueryKey = () =>
  [...ACCOUNT_QUERY_KEY, 'notification-settings'] as const;

/** GET /api/account/notifications: each optional mail, on or off. */
export async function getNotificationSettings(): Promise<NotificationSettings> {
  const response = await apiClient.get<unknown>('/account/notifications');
  return notificationSettingsResponseSchema.parse(response.data).data;
}

/** PATCH /api/account/notifications: only the keys given change; answers them all. */
export async function updateNotificationSettings(
  patch: NotificationSettingsPatch,
): Promise<NotificationSettings> {
  const response = await apiClient.patch<unknown>('/account/notifications', patch);
  return notificationSettingsResponseSchema.parse(response.data).data;
}

export function useNotificationSettings() {
  return useQuery(
    queryOptions({ queryKey: notificationSettingsQueryKey(), queryFn: getNotificationSettings }),
  );
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQueryKey(), settings),
  });
}
