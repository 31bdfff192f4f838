import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { apiClient } from './api-client';
import { config } from './config';

const providersAnswerSchema = dataEnvelope(z.object({ discord: z.boolean() }));

/** Where the Discord button leads: the API redirects on to Discord. */
export const DISCORD_START_URL = `${config.apiBaseUrl}/auth/discord/start`;

/** GET /api/auth/providers: which sign-in methods this storefront offers besides the password. */
export async function getAuthProviders() {
  const response = await apiClient.get<unknown>('/auth/providers');
  return providersAnswerSchema.parse(response.data).data;
}

export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth-providers'],
    queryFn: getAuthProviders,
    staleTime: Infinity,
    retry: false,
  });

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
