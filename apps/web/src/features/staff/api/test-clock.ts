import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  testClockMovedResponseSchema,
  testClockResponseSchema,
  type TestClockMoved,
  type TestClockView,
} from '@crimsonhost/shared/test-clock';
import { apiClient } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-query-key';

const testClockQueryKey = () => [...STAFF_QUERY_KEY, 'test-clock'] as const;

/** GET /api/admin/test-clock (admin only): the test clock, or null when time is real. */
export async function getTestClock(): Promise<TestClockView | null> {
  const response = await apiClient.get<unknown>('/admin/test-clock');
  return testClockResponseSchema.parse(response.data).data;
}

export function useTestClock() {
  return useQuery({ queryKey: testClockQueryKey(), queryFn: getTestClock });
}

/**
 * POST /api/admin/test-clock/advance { hours }, or /reset when `hours` is null: answers the new
 * time with the rentals ended and earnings cleared. Everything the staff area shows may change.
 */
export async function moveTestClock(hours: number | null): Promise<TestClockMoved> {
  const response = await apiClient.post<unknown>(
    hours === null ? '/admin/test-clock/reset' : '/admin/test-clock/advance',
    hours === null ? {} : { hours },
  );
  return testClockMovedResponseSchema.parse(response.data).data;
}

export function useMoveTestClock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveTestClock,
    onSuccess: (moved) => {
      queryClient.setQueryData(testClockQueryKey(), { now: moved.now, offsetMs: moved.offsetMs });
      void queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY });
    },
  });
}
