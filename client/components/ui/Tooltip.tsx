import {
  cloneElement,
  isValidElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../lib/cn';

/** docs/PRODUCT.md §9: tooltips open after 700 ms; moving between triggers within 300 ms skips the delay. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
/** Distance between the trigger and the tooltip, and the least margin kept to the window's edges. */
const OFFSET_PX = 6;
const EDGE_PX = 4;

type Side = 'top' | 'right' | 'bottom' | 'left';

// Shared by every tooltip, so moving from one trigger to the next skips the delay.
let lastClosedAt = Number.NEGATIVE_INFINITY;

export interface TooltipProps {
  /** The tooltip text; the trigger should carry its own accessible name too. */
  content: ReactNode;
  /** A single focusable element; it gets the hover, focus and aria-describedby wiring. */
  children: ReactNode;
  side?: Side;
  /** Hide the tooltip without changing the tree (e.g. labels shown only when a sidebar is collapsed). */
  disabled?: boolean;
  className?: string;
}

interface TriggerHandlers {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
}

/**
 * Open/close timing of one tooltip, outside React's render: the delay timer, and the time the last
 * tooltip closed (shared by all, so moving from one trigger to the next skips the delay).
 */
class TooltipTiming {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private shown: HTMLElement | null = null;

  constructor(private readonly setAnchor: (anchor: HTMLElement | null) => void) {}

  hover(element: HTMLElement): void {
    const warm = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS;
    this.show(element, warm ? 0 : TOOLTIP_DELAY_MS);
  }

  show(element: HTMLElement, delay = 0): void {
    this.cancel();
    if (delay <= 0) this.open(element);
    else this.timer = setTimeout(() => this.open(element), delay);
  }

  hide(): void {
    this.cancel();
    if (this.shown) lastClosedAt = Date.now();
    this.shown = null;
    this.setAnchor(null);
  }

  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private open(element: HTMLElement): void {
    this.shown = element;
    this.setAnchor(element);
  }
}

/** A text tooltip for a focusable trigger; shows on hover (after a delay) and on keyboard focus. */
export function Tooltip({ content, children, side = 'top', disabled = false, className }: TooltipProps) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [timing] = useState(() => new TooltipTiming(setAnchor));
  useEffect(() => () => timing.cancel(), [timing]);
  const open = anchor !== null && !disabled;

  if (!isValidElement<TriggerHandlers>(children)) return children;
  const own = children.props;
  const trigger = cloneElement(children as ReactElement<TriggerHandlers>, {
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') timing.hover(event.currentTarget);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      timing.hide();
    },
    onPointerDown: (event) => {
      own.onPointerDown?.(event);
      timing.hide();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      timing.show(event.currentTarget);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      timing.hide();
    },
    onKeyDown: (event) => {
      own.onKeyDown?.(event);
      if (event.key === 'Escape') timing.hide();
    },
    'aria-describedby': open ? cn(own['aria-describedby'], id) : own['aria-describedby'],
  });

  return (
    <>
      {trigger}
      {open &&
        createPortal(
          <TooltipContent id={id} anchor={anchor} side={side} className={className}>
            {content}
          </TooltipContent>,
          document.body,
        )}
    </>
  );
}

function TooltipContent({
  id,
  anchor,
  side,
  className,
  children,
}: {
  id: string;
  anchor: HTMLElement;
  side: Side;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);

  useLayoutEffect(() => {
    const place = () => {
      const content = ref.current;
      if (!content) return;
      setPosition(placeBeside(anchor.getBoundingClientRect(), content.getBoundingClientRect(), side));
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [anchor, side]);

  return (
    <div
      ref={ref}
      id={id}
      role="tooltip"
      data-side={side}
      style={{
        position: 'fixed',
        left: position?.left ?? 0,
        top: position?.top ?? 0,
        // Measured first, then shown where it fits.
        visibility: position ? 'visible' : 'hidden',
      }}
      className={cn(
        'pointer-events-none z-50 max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md',
        className,
      )}
    >
      {children}
    </div>
  );
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where a tooltip of `content`'s size goes on `side` of `trigger`, kept inside the window. */
export function placeBeside(
  trigger: Box,
  content: Pick<Box, 'width' | 'height'>,
  side: Side,
): { left: number; top: number } {
  const centreX = trigger.left + trigger.width / 2 - content.width / 2;
  const centreY = trigger.top + trigger.height / 2 - content.height / 2;
  const spot = {
    top: { left: centreX, top: trigger.top - content.height - OFFSET_PX },
    bottom: { left: centreX, top: trigger.top + trigger.height + OFFSET_PX },
    left: { left: trigger.left - content.width - OFFSET_PX, top: centreY },
    right: { left: trigger.left + trigger.width + OFFSET_PX, top: centreY },
  }[side];
  const maxLeft = window.innerWidth - content.width - EDGE_PX;
  const maxTop = window.innerHeight - content.height - EDGE_PX;
  return {
    left: Math.max(EDGE_PX, Math.min(spot.left, maxLeft)),
    top: Math.max(EDGE_PX, Math.min(spot.top, maxTop)),
  };
}
