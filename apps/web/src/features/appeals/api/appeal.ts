import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  appealViewResponseSchema,
  type AppealRequest,
  type AppealView,
} from '@crimsonhost/shared/moderation';
import { apiClient } from '../../../lib/api-client';

const appealPath = (token: string) => `/appeals/${encodeURIComponent(token)}`;
const appealQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['appeal', token] as const,
    queryFn: async (): Promise<AppealView> => {
      const response = await apiClient.get<unknown>(appealPath(token));
      return appealViewResponseSchema.parse(response.data).data;
    },
    retry: false,
  });

/** GET /api/appeals/:token: the penalty the mailed link is for, and the appeal once made. */
export function useAppeal(token: string) {
  return useQuery(appealQueryOptions(token));
}

/** POST /api/appeals/:token: the one appeal; 409 once made or past its window. */
export function useSendAppeal(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AppealRequest) => {
      const response = await apiClient.post<unknown>(appealPath(token), input);
      return appealViewResponseSchema.parse(response.data).data;
    },
    onSuccess: (view) => queryClient.setQueryData(appealQueryOptions(token).queryKey, view),
  });
}
