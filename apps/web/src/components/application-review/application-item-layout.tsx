import type { ApplicationStatus } from '@coride/domain';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApplicationStatusBadge } from '@/components/application-status-badge';
import { useFormatters } from '@/lib/format';

/** One row of an application list: who applied, when, its status, the kind-specific summary and Review. */
export function ApplicationItemLayout({
  name,
  email,
  status,
  submittedAt,
  testId,
  review,
  children,
}: {
  name: string;
  email: string;
  status: ApplicationStatus;
  submittedAt: string;
  testId: string;
  review: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('review');
  const format = useFormatters();
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between" data-testid={testId}>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{name}</h3>
          <ApplicationStatusBadge status={status} />
        </div>
        <p className="text-sm break-all text-muted-foreground">{email}</p>
        <div className="text-sm">{children}</div>
        <p className="text-xs text-muted-foreground">
          <Trans t={t} i18nKey="list.submitted" values={{ date: format.dateTime(submittedAt) }} components={{ time: <time dateTime={submittedAt} /> }} />
        </p>
      </div>
      <div className="shrink-0">{review}</div>
    </li>
  );
}
