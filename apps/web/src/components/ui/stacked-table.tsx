import type { ComponentProps, ReactNode } from 'react';
import { Table, TableBody, TableCaption, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

/** A column's name, with the classes of its header cell from md up (`text-end` for figures). */
export type StackedHeading = string | { label: string; className?: string };

/**
 * A table that is a plain table from md up and a list of cards on a phone: the header row is hidden
 * there and each cell carries its column's name instead (LabelledCell). Rows are StackedRow, a row's
 * own heading (its first cell, the card's title on a phone) StackedRowHeader. Every wide table of
 * the consoles uses it, so no page scrolls sideways on a phone (issue 19).
 */
export function StackedTable({
  caption,
  captionClassName,
  captionId,
  headings,
  actionHeading,
  footer,
  className,
  children,
  ...props
}: Omit<ComponentProps<'table'>, 'children'> & {
  /** Read by screen readers only, unless it is given a `captionClassName` (then shown above the table). */
  caption: string;
  captionClassName?: string;
  captionId?: string;
  headings: StackedHeading[];
  /** A last column of buttons, named for screen readers only. */
  actionHeading?: string;
  /** The rows of a footer (totals): StackedRow too. */
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Table className={cn('block w-full text-sm md:table', className)} {...props}>
      <TableCaption id={captionId} className={captionClassName === undefined ? 'sr-only' : cn('block pb-2 text-start md:table-caption', captionClassName)}>
        {caption}
      </TableCaption>
      <TableHeader className="hidden md:table-header-group">
        <TableRow className="border-b text-muted-foreground">
          {headings.map((heading) => {
            const { label, className: headingClass } = typeof heading === 'string' ? { label: heading, className: undefined } : heading;
            return (
              <TableHead key={label} scope="col" className={cn('py-2 pe-3', headingClass)}>
                {label}
              </TableHead>
            );
          })}
          {actionHeading === undefined ? null : (
            <TableHead scope="col" className="py-2 text-end">
              <span className="sr-only">{actionHeading}</span>
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody className="block divide-y md:table-row-group">{children}</TableBody>
      {footer === undefined ? null : <TableFooter className="block border-t font-semibold md:table-footer-group">{footer}</TableFooter>}
    </Table>
  );
}

/** A row of a StackedTable: a card on a phone, a table row from md up. */
export function StackedRow({ className, ...props }: ComponentProps<typeof TableRow>) {
  return <TableRow className={cn('block py-3 first:pt-0 md:table-row md:first:pt-3', className)} {...props} />;
}

/** A row's heading (its name, its day): the card's title on a phone, the first cell from md up. */
export function StackedRowHeader({ className, ...props }: ComponentProps<typeof TableHead>) {
  return <TableHead scope="row" className={cn('block pb-1 font-semibold md:table-cell md:py-3 md:pe-3 md:font-medium', className)} {...props} />;
}
