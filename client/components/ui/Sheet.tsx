import type { ComponentProps, ReactNode } from 'react';
import { Dialog as Radix } from 'radix-ui';
import { cn } from '../../lib/cn';
import { DialogCloseButton, DialogHeading, DialogOverlay } from './Dialog';

/** A side panel built on the modal dialog (focus trap, Escape, overlay click closes). */
export const Sheet = Radix.Root;
export const SheetTrigger = Radix.Trigger;
export const SheetClose = Radix.Close;

const SIDES = {
  left: 'inset-y-0 left-0 h-full border-r',
  right: 'inset-y-0 right-0 h-full border-l',
} as const;

export interface SheetContentProps extends Omit<ComponentProps<typeof Radix.Content>, 'title'> {
  side?: keyof typeof SIDES;
  /** Accessible name of the sheet. */
  title: ReactNode;
  description?: ReactNode;
  hideTitle?: boolean;
  hideDescription?: boolean;
  /** Hide the built-in close button (when the content brings its own). */
  hideClose?: boolean;
}

export function SheetContent({
  side = 'right',
  title,
  description,
  hideTitle = false,
  hideDescription = false,
  hideClose = false,
  className,
  children,
  ...props
}: SheetContentProps) {
  return (
    <Radix.Portal>
      <DialogOverlay />
      <Radix.Content
        {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        className={cn(
          'fixed z-50 flex w-3/4 max-w-sm flex-col gap-4 bg-background p-4 text-foreground shadow-lg',
          SIDES[side],
          className,
        )}
        {...props}
      >
        <DialogHeading
          title={title}
          description={description}
          hideTitle={hideTitle}
          hideDescription={hideDescription}
          titleClassName="pr-8"
        />
        {children}
        {!hideClose && <DialogCloseButton />}
      </Radix.Content>
    </Radix.Portal>
  );
}
