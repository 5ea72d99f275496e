import { MapIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** What stands where the map goes while its code loads, or if it cannot load at all. */
export function MapPlaceholder({ message, className }: { message: string; className?: string }) {
  return (
    <div className={cn('relative flex items-center justify-center overflow-hidden rounded-lg border bg-muted', className)} data-testid="map-placeholder">
      {/* A faint street grid, so the area reads as a map rather than a broken image. */}
      <div
        aria-hidden
        className="absolute inset-0 opacity-60 [background-image:linear-gradient(var(--color-border)_1px,transparent_1px),linear-gradient(90deg,var(--color-border)_1px,transparent_1px)] [background-size:48px_48px]"
      />
      <div className="relative flex max-w-xs flex-col items-center gap-3 rounded-lg bg-background/90 p-5 text-center shadow-sm">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <MapIcon className="size-6" aria-hidden />
        </span>
        <p className="text-sm font-medium">{message}</p>
      </div>
    </div>
  );
}
