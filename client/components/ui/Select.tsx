import type { ComponentProps } from 'react';
import { Check, ChevronDown } from 'lucide-react';
import { Select as Radix } from 'radix-ui';
import { cn } from '../../lib/cn';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<ComponentProps<typeof Radix.Root>, 'children'> {
  options: readonly SelectOption[];
  /** Accessible name of the trigger (or use `id` with a <Label htmlFor>). */
  'aria-label'?: string;
  id?: string;
  placeholder?: string;
  className?: string;
}

/** A single-choice list box (keyboard: arrows, type-ahead, Enter, Escape). */
export function Select({ options, placeholder, className, id, 'aria-label': ariaLabel, ...props }: SelectProps) {
  return (
    <Radix.Root {...props}>
      <Radix.Trigger
        id={id}
        aria-label={ariaLabel}
        className={cn(
          'inline-flex h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-sm',
          'data-[placeholder]:text-muted-foreground disabled:opacity-50',
          className,
        )}
      >
        <Radix.Value placeholder={placeholder} />
        <Radix.Icon>
          <ChevronDown className="h-4 w-4 opacity-60" aria-hidden="true" />
        </Radix.Icon>
      </Radix.Trigger>
      <Radix.Portal>
        <Radix.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border bg-card text-card-foreground shadow-md"
        >
          <Radix.Viewport className="p-1">
            {options.map((option) => (
              <Radix.Item
                key={option.value}
                value={option.value}
                className="relative flex cursor-default items-center rounded-sm py-1.5 pr-2 pl-7 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground"
              >
                <Radix.ItemIndicator className="absolute left-2 inline-flex items-center">
                  <Check className="h-4 w-4" aria-hidden="true" />
                </Radix.ItemIndicator>
                <Radix.ItemText>{option.label}</Radix.ItemText>
              </Radix.Item>
            ))}
          </Radix.Viewport>
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
