import { chatApi } from '../../../api/chat-endpoints';
import { ApiRequestError } from '../../../api/http';
import { toast } from '../../../lib/toast';

/** A moderator pins (true) or unpins (false) a message; the room's event brings the change. */
export function setPinned(messageId: string, pinned: boolean): void {
  (pinned ? chatApi.messages.pin(messageId) : chatApi.messages.unpin(messageId)).catch((error: unknown) => {
    toast.error(pinned ? 'Failed to pin message' : 'Failed to unpin message', {
      description: error instanceof ApiRequestError ? error.message : undefined,
    });
  });
}
