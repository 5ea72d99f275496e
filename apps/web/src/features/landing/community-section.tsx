import { BotIcon, CheckIcon, GiftIcon, MapPinnedIcon, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DISPUTE_WINDOW_DAYS, FEE_SHARES_BPS, ZIP_CODES_PER_LICENSE } from './marketplace-facts';
import { REWARD_POINTS, REWARD_REDEMPTION } from './section-facts';
import { SectionHeading } from './section-heading';
import { useFormatters } from './use-formatters';

const cards: { key: string; icon: LucideIcon }[] = [
  { key: 'licensees', icon: MapPinnedIcon },
  { key: 'rewards', icon: GiftIcon },
  { key: 'mediation', icon: BotIcon },
];

export function CommunitySection() {
  const { t } = useTranslation('landing');
  const format = useFormatters();
  const values = {
    zipCodes: ZIP_CODES_PER_LICENSE,
    percent: format.bps(FEE_SHARES_BPS.licensee),
    localCsr: format.bps(FEE_SHARES_BPS.localCsr),
    ...REWARD_POINTS,
    points: REWARD_REDEMPTION.points,
    credit: format.cents(REWARD_REDEMPTION.creditCents),
    days: DISPUTE_WINDOW_DAYS,
  };
  return (
    <section id="community" aria-labelledby="community-title" className="scroll-mt-16 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="community-title" eyebrow={t('community.eyebrow')} title={t('community.title')} subtitle={t('community.subtitle')} />
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {cards.map(({ key, icon: Icon }) => {
            const points = t(`community.${key}.points`, { returnObjects: true, ...values }) as unknown as string[];
            return (
              <Card key={key} className="flex flex-col">
                <CardHeader>
                  <span className="mb-2 flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
                    <Icon className="size-6" aria-hidden />
                  </span>
                  <CardTitle>{t(`community.${key}.title`)}</CardTitle>
                  <CardDescription className="text-base">{t(`community.${key}.description`)}</CardDescription>
                </CardHeader>
                <CardContent>
                  <ul className="space-y-2 text-sm">
                    {points.map((point) => (
                      <li key={point} className="flex gap-2">
                        <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                        <span>{point}</span>
                      </li>
                    ))}
                  </ul>
                </CardContent>
              </Card>
            );
          })}
        </div>
      </div>
    </section>
  );
}
