import type { ComponentProps, ReactNode } from 'react';
import { X } from 'lucide-react';
import { Dialog as Radix } from 'radix-ui';
import { cn } from '../../lib/cn';

/** Modal dialog: focus trapped inside, Escape and the close button dismiss it. */
export const Dialog = Radix.Root;
export const DialogTrigger = Radix.Trigger;
export const DialogClose = Radix.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof Radix.Overlay>) {
  return <Radix.Overlay className={cn('fixed inset-0 z-50 bg-black/50', className)} {...props} />;
}

export interface DialogContentProps extends Omit<ComponentProps<typeof Radix.Content>, 'title'> {
  /** Accessible name of the dialog (rendered as its heading). */
  title: ReactNode;
  /** Optional description; visually hidden when `hideDescription` is set. */
  description?: ReactNode;
  hideTitle?: boolean;
  hideDescription?: boolean;
}

export function DialogContent({
  className,
  title,
  description,
  hideTitle = false,
  hideDescription = false,
  children,
  ...props
}: DialogContentProps) {
  return (
    <Radix.Portal>
      <DialogOverlay />
      <Radix.Content
        // Without a description Radix warns; pass undefined explicitly to opt out.
        {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-lg',
          className,
        )}
        {...props}
      >
        <DialogHeading
          title={title}
          description={description}
          hideTitle={hideTitle}
          hideDescription={hideDescription}
        />
        {children}
        <DialogCloseButton />
      </Radix.Content>
    </Radix.Portal>
  );
}

export interface DialogHeadingProps {
  title: ReactNode;
  description?: ReactNode | undefined;
  hideTitle?: boolean;
  hideDescription?: boolean;
  titleClassName?: string;
}

/** The dialog's accessible name and optional description (shared by dialogs and sheets). */
export function DialogHeading({ title, description, hideTitle, hideDescription, titleClassName }: DialogHeadingProps) {
  return (
    <>
      <Radix.Title className={cn('text-lg font-semibold', titleClassName, hideTitle && 'sr-only')}>{title}</Radix.Title>
      {description !== undefined && (
        <Radix.Description className={cn('text-sm text-muted-foreground', hideDescription && 'sr-only')}>
          {description}
        </Radix.Description>
      )}
    </>
  );
}

/** The corner close button of dialogs and sheets. */
export function DialogCloseButton() {
  return (
    <Radix.Close
      className="absolute top-3 right-3 rounded-sm p-1 text-muted-foreground hover:text-foreground"
      aria-label="Close"
    >
      <X className="h-4 w-4" aria-hidden="true" />
    </Radix.Close>
  );
}
