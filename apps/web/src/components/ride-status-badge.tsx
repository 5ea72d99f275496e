import type { RideStatus } from '@coride/domain';
import type { ComponentProps } from 'react';
import { Badge } from '@/components/ui/badge';

const variants = {
  scheduled: 'secondary',
  requested: 'secondary',
  accepted: 'default',
  in_progress: 'default',
  completed: 'success',
  cancelled: 'destructive',
} as const satisfies Record<RideStatus, 'secondary' | 'default' | 'success' | 'destructive'>;

/**
 * A ride's status. The label comes from the caller's own translations (the rider's screens and the
 * driver console word states differently); `data-status` carries the machine value for tests.
 */
export function RideStatusBadge({
  status,
  label,
  ...props
}: Omit<ComponentProps<typeof Badge>, 'variant' | 'children'> & { status: RideStatus; label: string }) {
  return (
    <Badge variant={variants[status]} data-status={status} {...props}>
      {label}
    </Badge>
  );
}
