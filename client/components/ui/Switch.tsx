import type { ComponentProps } from 'react';
import { Switch as Radix } from 'radix-ui';
import { cn } from '../../lib/cn';

/** An on/off switch (role="switch"); label it with <Label htmlFor> or aria-label. */
export function Switch({ className, ...props }: ComponentProps<typeof Radix.Root>) {
  return (
    <Radix.Root
      className={cn(
        'peer inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
        'bg-input data-[state=checked]:bg-primary disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <Radix.Thumb className="pointer-events-none block h-4 w-4 rounded-full bg-background shadow transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0" />
    </Radix.Root>
  );
}
