import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { TRADITIONAL_COMMISSION_BPS, type FeeComparison } from './section-facts';
import { useFormatters } from './use-formatters';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** Our fees and the driver's take-home on the sample fare, next to a traditional 25–30% commission. */
export function FeeComparisonCard({ comparison }: { comparison: FeeComparison }) {
  const { t } = useTranslation('landing');
  const format = useFormatters();
  const { ours, traditional } = comparison;
  const range = (low: number, high: number) => t('pricing.comparison.range', { low: format.cents(low), high: format.cents(high) });
  const rows = [
    { key: 'fees', ours: format.cents(ours.fees), traditional: range(traditional.feesLow, traditional.feesHigh) },
    { key: 'riderPays', ours: format.cents(ours.riderPays), traditional: format.cents(comparison.subtotal) },
    { key: 'driverKeeps', ours: format.cents(ours.driverKeeps), traditional: range(traditional.driverKeepsLow, traditional.driverKeepsHigh) },
  ];
  const commission = { low: format.bps(TRADITIONAL_COMMISSION_BPS.low), high: format.bps(TRADITIONAL_COMMISSION_BPS.high) };

  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <CardTitle>{t('pricing.comparison.title', { subtotal: format.cents(comparison.subtotal) })}</CardTitle>
        <CardDescription>{t('pricing.comparison.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <Table className="w-full text-sm">
          <TableHeader>
            <TableRow className="border-b text-start">
              <TableCell />
              <TableHead scope="col" className="pb-2 text-end font-semibold text-primary">
                {t('pricing.comparison.ours')}
              </TableHead>
              <TableHead scope="col" className="pb-2 text-end font-semibold text-muted-foreground">
                {t('pricing.comparison.traditional')}
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody className="divide-y">
            {rows.map((row) => (
              <TableRow key={row.key}>
                <TableHead scope="row" className="py-3 text-start font-medium">
                  {t(`pricing.comparison.${row.key}`)}
                </TableHead>
                <TableCell className={cn('py-3 text-end tabular-nums', row.key === 'driverKeeps' && 'text-base font-semibold text-primary')}>
                  {row.ours}
                </TableCell>
                <TableCell className="py-3 ps-3 text-end text-muted-foreground tabular-nums">{row.traditional}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <p className="mt-5 rounded-md bg-accent px-4 py-3 text-sm font-medium text-accent-foreground">
          {t('pricing.comparison.gain', {
            low: format.cents(ours.driverKeeps - traditional.driverKeepsHigh),
            high: format.cents(ours.driverKeeps - traditional.driverKeepsLow),
          })}
        </p>
      </CardContent>
      <CardFooter>
        <p className="text-xs text-muted-foreground">{t('pricing.comparison.footnote', commission)}</p>
      </CardFooter>
    </Card>
  );
}
