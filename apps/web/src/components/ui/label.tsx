import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A form label: the native element (Radix's only added a guard against selecting text on double click). */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm font-medium leading-none', className)} {...props} />;
}
