import { HourglassIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function PendingApplicationBanner() {
  const { t } = useTranslation('licensee');
  return (
    <section
      aria-labelledby="licensee-status-heading"
      className="flex gap-3 rounded-lg border border-primary/30 bg-accent p-4 text-accent-foreground"
      data-testid="licensee-status-banner"
    >
      <HourglassIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="space-y-1">
        <h2 id="licensee-status-heading" className="font-semibold">
          {t('banner.title')}
        </h2>
        <p className="text-sm">{t('banner.description')}</p>
      </div>
    </section>
  );
}
