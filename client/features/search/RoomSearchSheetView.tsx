import { useState } from 'react';
import { Link } from 'react-router';
import { Sheet, SheetContent } from '../../components/ui/Sheet';
import { SearchForm } from './SearchForm';
import { SearchOutcome } from './SearchOutcome';

export interface RoomSearchSheetProps {
  roomId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** A side panel searching one room's messages (opened from the room header's search button). */
export default function RoomSearchSheetView({ roomId, open, onOpenChange: setOpen }: RoomSearchSheetProps) {
  const [q, setQ] = useState('');
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetContent title="Search messages" className="w-full max-w-md overflow-y-auto sm:w-3/4">
        <SearchForm initial={q} onSearch={setQ} autoFocus />
        <SearchOutcome q={q} roomId={roomId} onOpen={() => setOpen(false)} />
        <Link
          to={q ? `/search?${new URLSearchParams({ q }).toString()}` : '/search'}
          onClick={() => setOpen(false)}
          className="text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          Search all your rooms
        </Link>
      </SheetContent>
    </Sheet>
  );
}
