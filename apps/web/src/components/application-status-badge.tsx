import type { ApplicationStatus } from '@coride/domain';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

const variants = {
  pending: 'secondary',
  under_review: 'outline',
  approved: 'success',
  rejected: 'destructive',
} as const satisfies Record<ApplicationStatus, 'secondary' | 'outline' | 'success' | 'destructive'>;

/** A driver or licensee application's review status. */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation('common');
  return (
    <Badge variant={variants[status]} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
