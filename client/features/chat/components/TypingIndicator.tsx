import { typingText } from '../state/typing-state';

/** 'A and B and others typing…' above the composer; keeps its height so the page does not jump. */
export function TypingIndicator({ names }: { names: string[] }) {
  const text = typingText(names);
  return (
    <div className="h-5 px-4 text-xs text-muted-foreground italic" aria-live="polite" data-testid="typing-indicator">
      {text}
    </div>
  );
}
