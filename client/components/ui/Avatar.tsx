import { useState } from 'react';
import { cn } from '../../lib/cn';

export interface AvatarProps {
  src?: string | null;
  /** Used for the alt text and the initials fallback. */
  name: string;
  className?: string;
}

/** An image avatar that falls back to initials when there is no image or it fails to load. */
export function Avatar({ src, name, className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const initials = name
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
  return (
    <span
      className={cn(
        'relative inline-flex h-8 w-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted text-xs font-medium text-muted-foreground',
        className,
      )}
    >
      {src && !failed ? (
        <img src={src} alt={name} className="h-full w-full object-cover" onError={() => setFailed(true)} />
      ) : (
        <span aria-label={name} role="img">
          {initials || '?'}
        </span>
      )}
    </span>
  );
}
