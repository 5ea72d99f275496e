/**
 * The data table primitives (shadcn/ui style): thin wrappers around the table elements that carry the
 * classes every table here shares and forward every prop (`scope`, `colSpan`, `data-testid`, `aria-*`,
 * `ref`), so a table keeps its own padding, alignment and borders as className at the call site.
 * Table forces no width: a visible table passes `w-full`, and a screen-reader-only one passes `sr-only`
 * (whose 1px width a built-in `w-full` would defeat, as `cn` does not see the two as conflicting).
 */
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return <table className={cn('text-sm', className)} {...props} />;
}
export function TableCaption(props: ComponentProps<'caption'>) {
  return <caption {...props} />;
}
export function TableHeader(props: ComponentProps<'thead'>) {
  return <thead {...props} />;
}
export function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody {...props} />;
}
export function TableFooter(props: ComponentProps<'tfoot'>) {
  return <tfoot {...props} />;
}
export function TableRow(props: ComponentProps<'tr'>) {
  return <tr {...props} />;
}
/** A column or row heading: start-aligned and medium weight unless className says otherwise. */
export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return <th className={cn('text-start font-medium', className)} {...props} />;
}
export function TableCell(props: ComponentProps<'td'>) {
  return <td {...props} />;
}
