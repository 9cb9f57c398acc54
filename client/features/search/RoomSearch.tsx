import { Search } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { useOpenedOnce } from '../../hooks/useOpenedOnce';

// The panel's code (search box, results) is downloaded when the room's search is first used.
const loadView = () => import('./RoomSearchSheetView');
const RoomSearchSheetView = lazy(loadView);

/** The room header's "Search messages" button and the panel it opens. */
export function RoomSearch({ roomId }: { roomId: string }) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const preload = () => void loadView();
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
          <RoomSearchSheetView roomId={roomId} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
