import type { DriverEarningsDay } from '@coride/domain/community/analytics';
import { RotateCwIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useFormatters } from '@/lib/format';
import { useDriverEarningsDaily } from '../api/use-driver-earnings-daily';
import { totalsOf } from '../performance-view';

const EarningsChart = lazy(() => import('./earnings-chart'));

/** Days of earnings the chart shows. */
export const CHART_DAYS = 14;

/** The last 14 days of fares, tips and bonuses as a chart, with the same figures as a table for screen readers. */
export function EarningsHistory() {
  const { t } = useTranslation('performance');
  const daily = useDriverEarningsDaily(CHART_DAYS);
  return (
    <Card role="region" aria-labelledby="earnings-chart-heading" data-testid="earnings-history">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <CardTitle as="h2" id="earnings-chart-heading">
          {t('earnings.chartTitle', { days: CHART_DAYS })}
        </CardTitle>
        <Button variant="ghost" size="sm" onClick={() => void daily.refetch()} disabled={daily.isFetching}>
          <RotateCwIcon aria-hidden className={daily.isFetching ? 'animate-spin' : undefined} />
          {t('refresh')}
        </Button>
      </CardHeader>
      <CardContent className="space-y-2">
        {daily.isPending ? (
          <LoadingState />
        ) : daily.isError ? (
          <ErrorState title={t('errors.earnings')} error={daily.error} onRetry={() => void daily.refetch()} />
        ) : (
          <HistoryBody days={daily.data.days} />
        )}
      </CardContent>
    </Card>
  );
}

function HistoryBody({ days }: { days: readonly DriverEarningsDay[] }) {
  const { t } = useTranslation('performance');
  const format = useFormatters();
  const period = totalsOf(days);
  return (
    <>
      <p className="text-sm text-muted-foreground">
        {t('earnings.chartSummary', {
          total: format.money(period.total),
          fares: format.money(period.fares),
          tips: format.money(period.tips),
          bonuses: format.money(period.bonuses),
        })}
      </p>
      <Suspense fallback={<div className="h-64" />}>
        <EarningsChart days={days} />
      </Suspense>
      <DailyTable days={days} />
    </>
  );
}

/** The chart's figures as a table, for screen readers (the chart itself is hidden from them). */
function DailyTable({ days }: { days: readonly DriverEarningsDay[] }) {
  const { t } = useTranslation('performance');
  const format = useFormatters();
  return (
    <Table className="sr-only">
      <TableCaption>{t('earnings.tableCaption')}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t('earnings.day')}</TableHead>
          <TableHead scope="col">{t('earnings.fares')}</TableHead>
          <TableHead scope="col">{t('earnings.tips')}</TableHead>
          <TableHead scope="col">{t('earnings.bonuses')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {days.map((d) => (
          <TableRow key={d.day}>
            <TableHead scope="row">{d.day}</TableHead>
            <TableCell>{format.money(d.fares)}</TableCell>
            <TableCell>{format.money(d.tips)}</TableCell>
            <TableCell>{format.money(d.bonuses)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
