import { MapIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Where the trip map goes; the interactive map arrives with booking. */
export function MapPlaceholder() {
  const { t } = useTranslation('booking');
  return (
    <section
      aria-label={t('map.label')}
      className="relative flex aspect-[4/3] items-center justify-center overflow-hidden rounded-lg border bg-muted lg:aspect-auto lg:h-[28rem]"
      data-testid="map-placeholder"
    >
      {/* A faint street grid, so the area reads as a map-to-be rather than a broken image. */}
      <div
        aria-hidden
        className="absolute inset-0 opacity-60 [background-image:linear-gradient(var(--color-border)_1px,transparent_1px),linear-gradient(90deg,var(--color-border)_1px,transparent_1px)] [background-size:40px_40px]"
      />
      <div className="relative flex max-w-xs flex-col items-center gap-3 rounded-lg bg-background/90 p-5 text-center shadow-sm">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <MapIcon className="size-6" aria-hidden />
        </span>
        <p className="text-sm font-medium">{t('map.placeholder')}</p>
      </div>
    </section>
  );
}
