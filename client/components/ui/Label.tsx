import type { ComponentProps } from 'react';
import { Label as Radix } from 'radix-ui';
import { cn } from '../../lib/cn';

export function Label({ className, ...props }: ComponentProps<typeof Radix.Root>) {
  return <Radix.Root className={cn('text-sm leading-none font-medium', className)} {...props} />;
}
