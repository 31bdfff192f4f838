import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type User } from '@crimsonhost/shared/auth';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { z } from 'zod';
import { profileQueryOptions, type Profile } from '../../../app/auth/api/get-profile';
import { apiClient } from '../../../lib/api-client';

const answerSchema = dataEnvelope(z.object({ user: userSchema }));

/** PATCH /api/auth/profile: a new display name. */
export async function updateProfile(input: { displayName: string }): Promise<User> {
  const response = await apiClient.patch<unknown>('/auth/profile', input);
  return answerSchema.parse(response.data).data.user;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) =>
      queryClient.setQueryData<Profile>(profileQueryOptions().queryKey, (profile) =>
        profile ? { ...profile, user } : profile,
      ),
  });
}
