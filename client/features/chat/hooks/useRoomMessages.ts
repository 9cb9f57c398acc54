import type { MeDto } from '../../../../shared/api/auth';
import { useMessageActions } from './useMessageActions';
import { useMessageHistory } from './useMessageHistory';

export { newClientId, SEND_FAILED, SEND_OFFLINE } from './useMessageActions';

/**
 * The room's messages, read (useMessageHistory: pages and room events) and written
 * (useMessageActions: optimistic sends, edits, deletes, reactions) over one state.
 */
export function useRoomMessages(roomId: string | undefined, user: MeDto | null, enabled: boolean, anchorId?: string) {
  const { dispatch, ...history } = useMessageHistory(roomId, enabled, anchorId);
  const actions = useMessageActions(roomId, user, { messages: history.messages, dispatch });
  return { ...history, ...actions };
}
