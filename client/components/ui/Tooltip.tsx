import type { ReactNode } from 'react';
import { Tooltip as RadixTooltip } from 'radix-ui';
import { cn } from '../../lib/cn';

/** SPEC §9: tooltips open after 700 ms; moving between triggers within 300 ms skips the delay. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </RadixTooltip.Provider>
  );
}

export interface TooltipProps {
  /** The tooltip text; the trigger should carry its own accessible name too. */
  content: ReactNode;
  /** A single focusable element (rendered through `asChild`). */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Hide the tooltip without changing the tree (e.g. labels shown only when a sidebar is collapsed). */
  disabled?: boolean;
  className?: string;
}

/** A text tooltip for a focusable trigger; shows on hover and on keyboard focus. */
export function Tooltip({ content, children, side = 'top', disabled = false, className }: TooltipProps) {
  return (
    <RadixTooltip.Root open={disabled ? false : undefined}>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={6}
          className={cn(
            'z-50 max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md',
            className,
          )}
        >
          {content}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
