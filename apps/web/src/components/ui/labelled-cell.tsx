import type { ComponentProps, ReactNode } from 'react';
import { TableCell } from '@/components/ui/table';
import { cn } from '@/lib/utils';

/**
 * A cell that carries its column's name on a phone, where the header row is hidden (StackedTable).
 * `className` adds to the cell from md up (`md:text-end` for a figure); other props go to the cell.
 */
export function LabelledCell({
  label,
  children,
  className,
  ...props
}: Omit<ComponentProps<typeof TableCell>, 'children'> & { label: string; children: ReactNode }) {
  return (
    <TableCell className={cn('flex gap-3 py-1 align-top md:table-cell md:py-3 md:pe-3', className)} {...props}>
      <span className="w-24 shrink-0 text-muted-foreground md:hidden">{label}</span>
      <span className="min-w-0">{children}</span>
    </TableCell>
  );
}
