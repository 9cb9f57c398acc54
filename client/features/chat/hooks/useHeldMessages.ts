import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { protectionApi } from '../../../api/protection-endpoints';

export const heldMessagesKey = (roomId: string | undefined) => ['held-messages', roomId ?? ''] as const;

/** How often a moderator's "Review" count, and an author's waiting messages, are read again. */
const REVIEW_REFRESH_MS = 10_000;
const WAITING_REFRESH_MS = 5_000;

/**
 * The room's held messages (docs/PRODUCT.md §20): a moderator's to review, or the reader's own
 * waiting (or not approved) ones. Read when the room opens, again while something waits.
 */
export function useHeldMessages(roomId: string | undefined, signedIn: boolean) {
  return useQuery({
    queryKey: heldMessagesKey(roomId),
    queryFn: () => protectionApi.held(roomId ?? ''),
    enabled: Boolean(roomId) && signedIn,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data?.can_review) return REVIEW_REFRESH_MS;
      return data?.held.some((h) => h.status === 'pending') ? WAITING_REFRESH_MS : false;
    },
  });
}

/** Approve and Reject, for the room's moderators. */
export function useReviewActions(roomId: string | undefined) {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: heldMessagesKey(roomId) });
  const onError = (error: Error) => toast.error('Could not review the message', { description: error.message });
  const approve = useMutation({ mutationFn: protectionApi.approve, onSettled: settle, onError });
  const reject = useMutation({ mutationFn: protectionApi.reject, onSettled: settle, onError });
  return { approve: (id: string) => approve.mutate(id), reject: (id: string) => reject.mutate(id) };
}
