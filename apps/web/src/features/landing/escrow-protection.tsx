import { CheckCircle2Icon, HourglassIcon, ShieldCheckIcon, WalletIcon, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DISPUTE_WINDOW_DAYS, ESCROW_DAYS } from './marketplace-facts';

const steps: { key: string; icon: LucideIcon }[] = [
  { key: 'completed', icon: CheckCircle2Icon },
  { key: 'held', icon: HourglassIcon },
  { key: 'released', icon: WalletIcon },
];

/** How a payment waits in escrow before it is paid out, and what a dispute does to it. */
export function EscrowProtection() {
  const { t } = useTranslation('trust');
  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <ShieldCheckIcon className="size-6" aria-hidden />
        </span>
        <div className="space-y-1.5">
          <CardTitle>{t('escrow.title')}</CardTitle>
          <CardDescription className="text-base">{t('escrow.description', { count: ESCROW_DAYS })}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4 md:grid-cols-3">
          {steps.map(({ key, icon: Icon }, index) => (
            <li key={key} className="flex gap-3 rounded-lg bg-muted p-4">
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <div>
                <p className="font-semibold">
                  <span className="sr-only">{index + 1}. </span>
                  {t(`escrow.steps.${key}.title`, { count: ESCROW_DAYS })}
                </p>
                <p className="mt-1 text-sm text-muted-foreground">{t(`escrow.steps.${key}.description`)}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-4 text-sm text-muted-foreground">{t('escrow.disputes', { days: DISPUTE_WINDOW_DAYS })}</p>
        <p className="mt-2 text-sm font-medium">
          {t('upfront')} {t('noSurge')}
        </p>
      </CardContent>
    </Card>
  );
}
