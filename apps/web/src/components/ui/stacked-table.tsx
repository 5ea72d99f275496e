import type { ComponentProps, ReactNode } from 'react';
import { Table, TableBody, TableCaption, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

/**
 * A table that is a plain table from md up and a list of cards on a phone: the header row is hidden
 * there and each cell carries its column's name instead (LabelledCell). Rows are StackedRow.
 */
export function StackedTable({
  caption,
  headings,
  actionHeading,
  children,
}: {
  /** Read by screen readers only. */
  caption: string;
  headings: string[];
  /** A last column of buttons, named for screen readers only. */
  actionHeading?: string;
  children: ReactNode;
}) {
  return (
    <Table className="block w-full text-sm md:table">
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader className="hidden md:table-header-group">
        <TableRow className="border-b text-muted-foreground">
          {headings.map((heading) => (
            <TableHead key={heading} scope="col" className="py-2 pe-3">
              {heading}
            </TableHead>
          ))}
          {actionHeading === undefined ? null : (
            <TableHead scope="col" className="py-2 text-end">
              <span className="sr-only">{actionHeading}</span>
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody className="block divide-y md:table-row-group">{children}</TableBody>
    </Table>
  );
}

/** A row of a StackedTable: a card on a phone, a table row from md up. */
export function StackedRow({ className, ...props }: ComponentProps<typeof TableRow>) {
  return <TableRow className={cn('block py-3 first:pt-0 md:table-row md:first:pt-3', className)} {...props} />;
}
