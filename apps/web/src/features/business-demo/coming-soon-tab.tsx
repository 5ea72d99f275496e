import { ClockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import type { UpcomingTab } from './demo-tabs';

/** An honest placeholder for a tab that a later issue builds: what it will show, and nothing made up. */
export function ComingSoonTab({ tab }: { tab: UpcomingTab }) {
  const { t } = useTranslation(['demo', 'common']);
  const items = t(`soon.${tab}.items`, { returnObjects: true }) as unknown as string[];
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-2xl font-bold">{t(`soon.${tab}.title`)}</h2>
          <Badge variant="secondary">
            <ClockIcon className="size-3.5" aria-hidden />
            {t('common:comingSoon')}
          </Badge>
        </div>
        <CardDescription className="text-base">{t(`soon.${tab}.description`)}</CardDescription>
      </CardHeader>
      <CardContent>
        <h3 className="text-sm font-semibold">{t('soon.willShow')}</h3>
        <ul className="mt-2 list-disc space-y-1.5 ps-5 text-muted-foreground">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
