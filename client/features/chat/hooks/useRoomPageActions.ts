import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { chatApi } from '../../../api/chat-endpoints';
import { usePublicUrl } from '../../../hooks/usePageMeta';
import { toast } from '../../../lib/toast';
import { messageLink } from '../state/message-link';

async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** The room page's own actions: copying its invite and links, leaving it, going back. */
export function useRoomPageActions(roomId: string | undefined, repoName: string | undefined, markLeaving: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const publicUrl = usePublicUrl();
  const [leaving, setLeaving] = useState(false);

  const copyInvite = useCallback(() => {
    // The readable address of the room: /r/{owner}/{name}.
    const [owner = '', name = ''] = (repoName ?? '').split('/');
    const invite = repoName
      ? new URL(`/r/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`, publicUrl).toString()
      : window.location.href;
    copyText(invite)
      .then(() => toast.success('Invite link copied', { description: 'Share this link to invite others to the room.' }))
      .catch(() => toast.error('Failed to copy'));
  }, [repoName, publicUrl]);

  const copyLink = useCallback(
    (messageId: string) => {
      if (!roomId) return;
      copyText(messageLink(publicUrl, roomId, messageId))
        .then(() => toast.success('Link copied'))
        .catch(() => toast.error('Failed to copy'));
    },
    [publicUrl, roomId],
  );

  const copyMessage = useCallback((content: string) => {
    copyText(content)
      .then(() => toast.success('Copied', { description: 'Message copied to clipboard' }))
      .catch(() => toast.error('Failed to copy'));
  }, []);

  const leave = useCallback(async () => {
    if (!roomId) return;
    setLeaving(true);
    markLeaving();
    try {
      await chatApi.rooms.leave(roomId);
    } catch {
      setLeaving(false);
      toast.error('Failed to leave room');
      return;
    }
    if (canGoBack()) navigate(-1);
    else navigate('/', { replace: true });
    // Room lists elsewhere (sidebar, home) no longer include this room.
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'chat' });
  }, [roomId, markLeaving, navigate, queryClient]);

  const back = useCallback(() => {
    if (canGoBack()) navigate(-1);
    else navigate('/');
  }, [navigate]);

  return { leaving, copyInvite, copyLink, copyMessage, leave, back };
}
