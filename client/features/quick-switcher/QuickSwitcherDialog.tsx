import { useQuery } from '@tanstack/react-query';
import { Hash, Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { MY_ROOMS_LIMIT_MAX } from '../../../shared/limits';
import { api } from '../../api/endpoints';
import { Dialog, DialogContent } from '../../components/ui/Dialog';
import { Input } from '../../components/ui/Input';
import { useSession } from '../../hooks/useSession';
import { cn } from '../../lib/cn';
import { matchRepositories, matchRooms } from './room-matches';

/** How long typing pauses before GitHub is asked for repositories by that name. */
const SEARCH_DELAY_MS = 250;

function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

interface QuickSwitcherDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** "Jump to a room": my rooms filtered as I type, then repositories by that name; Enter opens the first. */
export default function QuickSwitcherDialog({ open, onOpenChange }: QuickSwitcherDialogProps) {
  const navigate = useNavigate();
  const { user } = useSession();
  const listId = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const query = useSettled(text.trim());

  // Under the "my rooms" key, so joining or leaving a room refreshes it like the sidebar.
  const rooms = useQuery({
    queryKey: ['me', 'rooms', 'switcher', user?.id ?? null],
    queryFn: async () => (await api.rooms.mine(MY_ROOMS_LIMIT_MAX)).rooms,
    enabled: open && Boolean(user),
    staleTime: 30_000,
  });
  const repositories = useQuery({
    queryKey: ['discovery', 'switcher', query],
    queryFn: () => api.discovery.search({ q: query }),
    enabled: open && query.length >= 2,
    staleTime: 60_000,
    retry: false,
  });

  const entries = useMemo(() => {
    const mine = matchRooms(rooms.data ?? [], text);
    const searched = query.length >= 2 && query === text.trim() ? (repositories.data?.repositories ?? []) : [];
    return [...mine, ...matchRepositories(searched, mine)];
  }, [rooms.data, repositories.data, text, query]);
  const selected = Math.min(active, Math.max(0, entries.length - 1));

  const close = (next: boolean) => {
    if (!next) {
      setText('');
      setActive(0);
    }
    onOpenChange(next);
  };
  const go = (index: number) => {
    const entry = entries[index];
    if (!entry) return;
    close(false);
    navigate(entry.href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (entries.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((selected + step + entries.length) % entries.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(selected);
    }
  };

  const searching = query.length >= 2 && (repositories.isFetching || query !== text.trim());
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title="Jump to a room" className="top-24 translate-y-0 gap-3 p-4">
        <Input
          role="combobox"
          aria-label="Room or repository name"
          aria-expanded={entries.length > 0}
          aria-controls={listId}
          aria-activedescendant={entries[selected] ? `${listId}-${selected}` : undefined}
          aria-autocomplete="list"
          placeholder="Type a room or repository name"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul id={listId} role="listbox" aria-label="Rooms and repositories" className="max-h-80 overflow-y-auto">
          {entries.map((entry, index) => (
            <li
              key={entry.key}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === selected}
              onMouseEnter={() => setActive(index)}
              onClick={() => go(index)}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm',
                index === selected && 'bg-muted',
              )}
            >
              {entry.kind === 'room' ? (
                <Hash className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
              ) : (
                <Search className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
              )}
              <span className="min-w-0 flex-1 truncate">{entry.fullName}</span>
              <span className="text-xs text-muted-foreground">
                {entry.kind === 'room' ? 'Your room' : 'Repository'}
              </span>
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground" role="status">
          {entries.length === 0
            ? searching
              ? 'Searching repositories…'
              : text.trim()
                ? 'No rooms or repositories found'
                : 'Type to find a room or repository'
            : 'Enter opens the highlighted one'}
        </p>
      </DialogContent>
    </Dialog>
  );
}
