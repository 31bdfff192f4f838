import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  rentalMessageResponseSchema,
  type RentalMessage,
  type RentalThread,
  type SendRentalMessage,
} from '@crimsonhost/shared/rental-messages';
import { ApiError, apiClient } from '../../../lib/api-client';
import { rentalThreadPath, rentalThreadQueryOptions } from './get-rental-thread';

/** The two sides write; support only reads. */
export type ThreadWriter = 'renter' | 'vendor';

export type SendRentalMessageInput = SendRentalMessage & { reader: ThreadWriter; rentalId: string };

/**
 * POST /api/rentals/:id/messages (or the vendor area's): the message with the ids of files
 * uploaded first through the support centre's upload. 422 MESSAGE_HELD when the contact detector
 * held it, 409 THREAD_CLOSED once writing has ended.
 */
export async function sendRentalMessage({
  reader,
  rentalId,
  ...body
}: SendRentalMessageInput): Promise<RentalMessage> {
  const response = await apiClient.post<unknown>(rentalThreadPath(reader, rentalId), body);
  return rentalMessageResponseSchema.parse(response.data).data;
}

/**
 * Sends a message; it shows at the end of the thread at once, then the thread is read again
 * (the other side may have written meanwhile). A closed thread is read again too: it answers
 * without a date to write until, and the composer goes.
 */
export function useSendRentalMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendRentalMessage,
    onSuccess: (message, { reader, rentalId }) => {
      const { queryKey } = rentalThreadQueryOptions(reader, rentalId);
      queryClient.setQueryData<InfiniteData<RentalThread, string | undefined>>(
        queryKey,
        (thread) => {
          const [newest, ...earlier] = thread?.pages ?? [];
          if (!thread || !newest || newest.messages.some((known) => known.id === message.id)) {
            return thread;
          }
          return {
            ...thread,
            pages: [{ ...newest, messages: [...newest.messages, message] }, ...earlier],
          };
        },
      );
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error, { reader, rentalId }) => {
      if (error instanceof ApiError && error.code === 'THREAD_CLOSED') {
        void queryClient.invalidateQueries({
          queryKey: rentalThreadQueryOptions(reader, rentalId).queryKey,
        });
      }
    },
  });
}
