import { BuildingIcon, CarFrontIcon, UserRoundIcon, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ClosingCta } from './closing-cta';
import { FEE_SHARES_BPS, LICENSE_FEE_CENTS, ZIP_CODES_PER_LICENSE } from './marketplace-facts';
import { ProcessFlow } from './process-flow';
import { SectionHeading } from './section-heading';
import { useFormatters } from './use-formatters';

const audiences: { key: string; icon: LucideIcon }[] = [
  { key: 'customers', icon: UserRoundIcon },
  { key: 'drivers', icon: CarFrontIcon },
  { key: 'licensees', icon: BuildingIcon },
];

export function HowItWorksSection() {
  const { t } = useTranslation('landing');
  const format = useFormatters();
  const values = { zipCodes: ZIP_CODES_PER_LICENSE, fee: format.cents(LICENSE_FEE_CENTS), percent: format.bps(FEE_SHARES_BPS.licensee) };
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="scroll-mt-16 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="how-it-works-title" eyebrow={t('howItWorks.eyebrow')} title={t('howItWorks.title')} subtitle={t('howItWorks.subtitle')} />
        <div className="mt-12">
          <ProcessFlow />
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {audiences.map(({ key, icon: Icon }) => {
            const steps = t(`howItWorks.audiences.${key}.steps`, { returnObjects: true, ...values }) as unknown as string[];
            return (
              <Card key={key}>
                <CardHeader className="flex-row items-center gap-3">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <CardTitle>{t(`howItWorks.audiences.${key}.title`)}</CardTitle>
                </CardHeader>
                <CardContent>
                  <ol className="space-y-4">
                    {steps.map((step, index) => (
                      <li key={step} className="flex gap-3 text-sm">
                        <span
                          className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground"
                          aria-hidden
                        >
                          {index + 1}
                        </span>
                        <span className="pt-0.5">{step}</span>
                      </li>
                    ))}
                  </ol>
                </CardContent>
              </Card>
            );
          })}
        </div>
        <div className="mt-16">
          <ClosingCta />
        </div>
      </div>
    </section>
  );
}
