import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSettings,
  CommissionRequest,
  DepositSettingsRequest,
  SettingsKind,
  SlaRequest,
} from '@crimsonhost/shared/admin-settings';
import type { TiersSettingsRequest } from '@crimsonhost/shared/benefits';
import { apiClient } from '../../../lib/api-client';
import { settingsAnswerSchema, storeSettings } from './get-settings';

export interface SaveRequests {
  deposits: DepositSettingsRequest;
  commission: CommissionRequest;
  sla: SlaRequest;
  tiers: TiersSettingsRequest;
}

/**
 * PUT /api/admin/settings/{deposits,commission,sla,tiers} (admin only): saves one kind whole over the
 * version it was read at. A save over a newer version is refused with 409 CONFLICT, whose
 * `details.current` holds the settings as they are now.
 */
export async function saveSettings<K extends SettingsKind>(
  kind: K,
  body: SaveRequests[K],
): Promise<AdminSettings> {
  const response = await apiClient.put<unknown>(`/admin/settings/${kind}`, body);
  return settingsAnswerSchema.parse(response.data).data;
}

export function useSaveSettings<K extends SettingsKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveRequests[K]) => saveSettings(kind, body),
    onSuccess: (settings) => storeSettings(queryClient, settings),
  });
}
