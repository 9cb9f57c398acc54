import { Search } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { useOpenedOnce } from '../../../hooks/useOpenedOnce';
import { preloadRoomSearch, RoomSearchSheet } from '../../search';

/**
 * The room header's "Search messages" button and the panel it opens (the search feature's code,
 * downloaded when the room's search is first used).
 */
export function RoomSearchButton({ roomId }: { roomId: string }) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const preload = () => void preloadRoomSearch();
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-label="Search messages"
        title="Search messages"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <Search className="h-4 w-4" aria-hidden="true" />
        <span className="hidden sm:inline">Search</span>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <RoomSearchSheet roomId={roomId} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
