import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReportReason } from '../../../../shared/api/moderation-tools';
import { moderationToolsApi } from '../../../api/moderation-tools';
import { ApiRequestError } from '../../../api/http';
import { getRealtimeClient } from '../../../api/realtime';
import { toast } from '../../../lib/toast';

function failure(title: string, error: unknown): void {
  toast.error(title, { description: error instanceof ApiRequestError ? error.message : undefined });
}

/**
 * Reports and the moderation log on the room page. Every member can report a message; moderators
 * see the open reports (the header's count follows `reports.changed` frames, sent only to them),
 * dismiss them, and read the moderation log.
 */
export function useModerationTools(
  roomId: string | undefined,
  canModerate: boolean,
  removeMessage: (messageId: string) => Promise<void>,
) {
  const queryClient = useQueryClient();
  const room = roomId ?? '';
  const countKey = useMemo(() => ['chat', 'reports-count', room] as const, [room]);
  const reportsKey = useMemo(() => ['chat', 'reports', room] as const, [room]);
  const logKey = useMemo(() => ['chat', 'moderation-log', room] as const, [room]);
  const enabled = canModerate && Boolean(roomId);

  const count = useQuery({
    queryKey: countKey,
    queryFn: async ({ signal }) => (await moderationToolsApi.reportsCount(room, { signal })).open_count,
    enabled,
  });

  useEffect(() => {
    if (!enabled) return;
    return getRealtimeClient().watchUser((frame) => {
      if (frame.type !== 'reports.changed' || frame.room_id !== room) return;
      queryClient.setQueryData(countKey, frame.open_count);
      void queryClient.invalidateQueries({ queryKey: reportsKey });
    });
  }, [enabled, room, queryClient, countKey, reportsKey]);

  const [reportsOpen, setReportsOpen] = useState(false);
  const reports = useQuery({
    queryKey: reportsKey,
    queryFn: async ({ signal }) => moderationToolsApi.reports(room, { signal }),
    enabled: enabled && reportsOpen,
    staleTime: 0,
  });

  const refreshReports = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: reportsKey });
    void queryClient.invalidateQueries({ queryKey: countKey });
  }, [queryClient, reportsKey, countKey]);

  const dismiss = useCallback(
    (messageId: string) => {
      moderationToolsApi.dismissReport(messageId).then(
        () => {
          toast.success('Report dismissed');
          refreshReports();
        },
        (error: unknown) => failure('Failed to dismiss the report', error),
      );
    },
    [refreshReports],
  );
  const removeReported = useCallback(
    (messageId: string) => {
      void removeMessage(messageId).then(refreshReports);
    },
    [removeMessage, refreshReports],
  );

  const [logOpen, setLogOpenState] = useState(false);
  const log = useInfiniteQuery({
    queryKey: logKey,
    queryFn: async ({ pageParam, signal }) => moderationToolsApi.log(room, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    enabled: enabled && logOpen,
    staleTime: 0,
  });
  const setLogOpen = useCallback(
    (open: boolean) => {
      // Opened again: read from the newest entry.
      if (open) void queryClient.resetQueries({ queryKey: logKey });
      setLogOpenState(open);
    },
    [queryClient, logKey],
  );

  // Reporting, for every member.
  const [reportTarget, setReportTarget] = useState<string | null>(null);
  const submitReport = useCallback(
    (reason: ReportReason, note: string) => {
      if (!reportTarget) return;
      const messageId = reportTarget;
      setReportTarget(null);
      moderationToolsApi.report(messageId, { reason, note }).then(
        () => toast.success('Report sent', { description: "The room's moderators will review it." }),
        (error: unknown) => failure('Failed to report', error),
      );
    },
    [reportTarget],
  );

  return {
    openReportCount: count.data ?? 0,
    reportDialog: {
      open: reportTarget !== null,
      onOpenChange: (open: boolean) => !open && setReportTarget(null),
      onSubmit: submitReport,
    },
    openReport: setReportTarget,
    reportsDialog: {
      open: reportsOpen,
      onOpenChange: setReportsOpen,
      reports: reports.data?.reports,
      loading: reports.isLoading,
      onDismiss: dismiss,
      onRemove: removeReported,
    },
    openReports: () => setReportsOpen(true),
    logDialog: {
      open: logOpen,
      onOpenChange: setLogOpen,
      entries: log.data?.pages.flatMap((page) => page.entries),
      loading: log.isLoading,
      hasMore: log.hasNextPage,
      loadingMore: log.isFetchingNextPage,
      onLoadMore: () => void log.fetchNextPage(),
    },
    openLog: () => setLogOpen(true),
  };
}
