import { ArrowDownIcon, ArrowRightIcon, CarFrontIcon, HandCoinsIcon, MapPinIcon, ShieldCheckIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { ESCROW_DAYS } from './marketplace-facts';

const stages: { key: string; icon: LucideIcon }[] = [
  { key: 'book', icon: MapPinIcon },
  { key: 'match', icon: UsersIcon },
  { key: 'ride', icon: CarFrontIcon },
  { key: 'escrow', icon: ShieldCheckIcon },
  { key: 'payout', icon: HandCoinsIcon },
];

/**
 * The ride-and-payment flow drawn with CSS: a numbered row of stages joined by arrows, stacked on phones.
 * It is an ordered list, so it reads as steps to a screen reader, and the arrows mirror in right-to-left languages.
 */
export function ProcessFlow() {
  const { t } = useTranslation('landing');
  return (
    <ol aria-label={t('howItWorks.flowLabel')} className="flex flex-col items-stretch gap-2 lg:flex-row lg:items-stretch">
      {stages.map(({ key, icon: Icon }, index) => (
        <Fragment key={key}>
          {index > 0 ? (
            <li aria-hidden className="flex items-center justify-center text-primary lg:px-1">
              <ArrowDownIcon className="size-5 lg:hidden" />
              <ArrowRightIcon className="hidden size-5 lg:block rtl:rotate-180" />
            </li>
          ) : null}
          <li className="relative flex flex-1 items-start gap-3 rounded-xl border-2 border-primary/30 bg-background p-4 shadow-sm lg:flex-col lg:items-center lg:text-center">
            <span className="relative flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
              <Icon className="size-6" aria-hidden />
              <span
                className="absolute -top-1 -end-1 flex size-5 items-center justify-center rounded-full border-2 border-background bg-accent text-xs font-bold text-accent-foreground"
                aria-hidden
              >
                {index + 1}
              </span>
            </span>
            <div>
              <p className="font-semibold">{t(`howItWorks.flow.${key}.title`)}</p>
              <p className="mt-1 text-sm text-muted-foreground">{t(`howItWorks.flow.${key}.description`, { count: ESCROW_DAYS })}</p>
            </div>
          </li>
        </Fragment>
      ))}
    </ol>
  );
}
