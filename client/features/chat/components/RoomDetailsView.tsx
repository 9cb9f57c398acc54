import type { ArchiveSettings } from '../../../../shared/api/archive';
import type { RepositoryView } from '../state/repository-view';
import { RepositoryDetailsPanel } from './RepositoryDetailsPanel';
import { RoomArchiveSection } from './RoomArchiveSection';

export interface RoomDetailsProps {
  repo: RepositoryView;
  githubWebUrl: string;
  roomId: string;
  archive: ArchiveSettings | undefined;
  canModerate: boolean;
}

/** What "Show details" opens under the room's header: the repository's facts and the room's archive. */
export default function RoomDetailsView({ repo, githubWebUrl, roomId, archive, canModerate }: RoomDetailsProps) {
  return (
    <>
      <RepositoryDetailsPanel repo={repo} githubWebUrl={githubWebUrl} roomId={roomId} />
      <div className="border-b bg-card px-4 pb-4 text-sm">
        <RoomArchiveSection roomId={roomId} repoFullName={repo.fullName} settings={archive} canModerate={canModerate} />
      </div>
    </>
  );
}
