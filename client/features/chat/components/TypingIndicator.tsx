import { useRoomPeople } from '../hooks/useRoomPeople';
import { useRoomStore, useStoreSlice } from '../state/room-store-context';
import { typingText } from '../state/typing-state';
import { nameWithHandle } from './person';

/** 'A and B and others typing…' above the composer; keeps its height so the page does not jump. */
export function TypingIndicator({ names }: { names: string[] }) {
  const text = typingText(names);
  return (
    <div className="h-5 px-4 text-xs text-muted-foreground italic" aria-live="polite" data-testid="typing-indicator">
      {text}
    </div>
  );
}

/** Who is typing in the room, by name with their handle (display names are not unique). */
export function RoomTypingIndicator() {
  const store = useRoomStore();
  const typing = useStoreSlice(store, (view) => view.typing);
  const { people } = useRoomPeople(store);
  const names = [...typing.keys()].map((id) => {
    const person = people.get(id);
    return person ? nameWithHandle(person) : 'Someone';
  });
  return <TypingIndicator names={names} />;
}
