import type { Migration } from 'kysely';
import * as createCoreSchema from './20261121_1700_create_core_schema';
import * as indexGithubLoginCaseInsensitive from './20261121_2000_index_github_login_case_insensitive';
import * as indexGithubCacheFetchedAt from './20261124_0500_index_github_cache_fetched_at';
import * as messageTombstones from './20261124_0500_message_tombstones';
import * as roomEventsMessageText from './20261124_0500_room_events_message_text';
import * as cleanStoredText from './20261124_0600_clean_stored_text';
import * as readPositions from './20261125_0100_read_positions';
import * as memberRoles from './20261125_0200_member_roles';
import * as messageRemovals from './20261125_0300_message_removals';
import * as memberMutes from './20261125_0400_member_mutes';
import * as roomBans from './20261125_0500_room_bans';
import * as pinnedMessages from './20261125_0600_pinned_messages';
import * as roomSlowMode from './20261125_0700_room_slow_mode';
import * as roomTopic from './20261125_0800_room_topic';
import * as messageSearch from './20261125_0900_message_search';
import * as messageReferences from './20261126_0200_message_references';
import * as moderationTools from './20261126_0300_moderation_tools';
import * as searchIndexDirectUpdates from './20261126_0500_search_index_direct_updates';
import * as messageSearchTerms from './20261126_0400_message_search_terms';
import * as postCommitWork from './20261128_0400_post_commit_work';
import * as messageReplies from './20261126_0100_message_replies';
import * as memberNotificationLevel from './20261126_0110_member_notification_level';
import * as usernameReleases from './20261127_0100_username_releases';
import * as roomEventFacts from './20261127_1600_room_event_facts';
import * as searchScopedByRoom from './20261127_1700_search_scoped_by_room';
import * as threads from './20261127_1800_threads';
import * as repositoryActivity from './20261127_2100_repository_activity';
import * as messageAttachments from './20261127_2200_message_attachments';
import * as roomProtection from './20261127_2300_room_protection';
import * as mailNotifications from './20261127_2300_mail_notifications';
import * as roomArchiveSettings from './20261127_2330_room_archive_settings';
import * as threadsAnswerState from './20261128_0500_threads_answer_state';

/** Every migration, keyed by its timestamped name. Add new ones; never edit landed ones. */
export const migrations: Record<string, Migration> = {
  '20261121_1700_create_core_schema': createCoreSchema,
  '20261121_2000_index_github_login_case_insensitive': indexGithubLoginCaseInsensitive,
  '20261124_0500_index_github_cache_fetched_at': indexGithubCacheFetchedAt,
  '20261124_0500_message_tombstones': messageTombstones,
  '20261124_0500_room_events_message_text': roomEventsMessageText,
  '20261124_0600_clean_stored_text': cleanStoredText,
  '20261125_0100_read_positions': readPositions,
  '20261125_0200_member_roles': memberRoles,
  '20261125_0300_message_removals': messageRemovals,
  '20261125_0400_member_mutes': memberMutes,
  '20261125_0500_room_bans': roomBans,
  '20261125_0600_pinned_messages': pinnedMessages,
  '20261125_0700_room_slow_mode': roomSlowMode,
  '20261125_0800_room_topic': roomTopic,
  '20261125_0900_message_search': messageSearch,
  '20261126_0200_message_references': messageReferences,
  '20261126_0300_moderation_tools': moderationTools,
  '20261126_0400_message_search_terms': messageSearchTerms,
  '20261126_0100_message_replies': messageReplies,
  '20261126_0110_member_notification_level': memberNotificationLevel,
  '20261126_0500_search_index_direct_updates': searchIndexDirectUpdates,
  '20261127_0100_username_releases': usernameReleases,
  '20261127_1600_room_event_facts': roomEventFacts,
  '20261127_1700_search_scoped_by_room': searchScopedByRoom,
  '20261127_1800_threads': threads,
  '20261127_2100_repository_activity': repositoryActivity,
  '20261127_2200_message_attachments': messageAttachments,
  '20261127_2300_room_protection': roomProtection,
  '20261127_2300_mail_notifications': mailNotifications,
  '20261127_2330_room_archive_settings': roomArchiveSettings,
  '20261128_0400_post_commit_work': postCommitWork,
  '20261128_0500_threads_answer_state': threadsAnswerState,
};
