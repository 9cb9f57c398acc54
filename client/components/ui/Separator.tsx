import type { ComponentProps } from 'react';
import { Separator as Radix } from 'radix-ui';
import { cn } from '../../lib/cn';

export function Separator({
  className,
  orientation = 'horizontal',
  decorative = true,
  ...props
}: ComponentProps<typeof Radix.Root>) {
  return (
    <Radix.Root
      orientation={orientation}
      decorative={decorative}
      className={cn('shrink-0 bg-border', orientation === 'horizontal' ? 'h-px w-full' : 'h-full w-px', className)}
      {...props}
    />
  );
}
