import { Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Sheet, SheetContent, SheetTrigger } from '../../components/ui/Sheet';
import { SearchForm } from './SearchForm';
import { SearchOutcome } from './SearchOutcome';

/** The room header's search button: a side panel searching this room's messages. */
export function RoomSearchSheet({ roomId }: { roomId: string }) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="outline" size="sm" aria-label="Search messages" title="Search messages">
          <Search className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">Search</span>
        </Button>
      </SheetTrigger>
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
