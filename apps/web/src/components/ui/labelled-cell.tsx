import type { ReactNode } from 'react';
import { TableCell } from '@/components/ui/table';

/** A cell that carries its column's name on a phone, where the header row is hidden. */
export function LabelledCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableCell className="flex gap-3 py-1 align-top md:table-cell md:py-3 md:pe-3">
      <span className="w-24 shrink-0 text-muted-foreground md:hidden">{label}</span>
      <span className="min-w-0">{children}</span>
    </TableCell>
  );
}
