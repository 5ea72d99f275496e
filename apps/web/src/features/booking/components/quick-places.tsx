import type { FavoriteLocation, Location } from '@coride/domain';
import { BriefcaseIcon, HomeIcon, PlusIcon, StarIcon, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { ComingSoonButton } from '@/components/ui/coming-soon-button';
import { toast } from '@/components/ui/use-toast';
import { useCreateFavoriteLocation } from '@/api/favorite-locations';
import { useFavoriteLocations } from '@/api/favorite-locations';
import { HOME_NAME, isNamed, WORK_NAME } from '../trip';

/** How many other saved places are offered as one-tap destinations. */
const MAX_FAVORITE_PICKS = 6;

/**
 * One-tap destinations: Home and Work from the rider's favorites (or, when one is missing, an offer to
 * save the current From address under that name), then their other saved places.
 */
export function QuickPlaces({ pickup, onChoose }: { pickup: Location | null; onChoose: (location: Location) => void }) {
  const { t } = useTranslation('booking');
  const favorites = useFavoriteLocations();
  const list = favorites.data ?? [];
  const home = list.find((f) => isNamed(f.name, HOME_NAME));
  const work = list.find((f) => isNamed(f.name, WORK_NAME));
  const others = list.filter((f) => f !== home && f !== work).slice(0, MAX_FAVORITE_PICKS);

  return (
    <div role="group" aria-label={t('trip.quickDestinations')} className="flex flex-wrap gap-2" data-testid="quick-places">
      {favorites.isPending ? null : (
        <>
          <NamedPlaceButton
            name={HOME_NAME}
            label={t('trip.home')}
            saveLabel={t('trip.saveHome')}
            icon={HomeIcon}
            favorite={home}
            pickup={pickup}
            onChoose={onChoose}
          />
          <NamedPlaceButton
            name={WORK_NAME}
            label={t('trip.work')}
            saveLabel={t('trip.saveWork')}
            icon={BriefcaseIcon}
            favorite={work}
            pickup={pickup}
            onChoose={onChoose}
          />
          {others.map((favorite) => (
            <Button
              key={favorite.id}
              variant="secondary"
              size="sm"
              onClick={() => onChoose(favorite)}
              aria-label={t('trip.goTo', { name: favorite.name, address: favorite.address })}
              title={favorite.address}
              className="max-w-full"
            >
              <StarIcon aria-hidden />
              <span className="truncate">{favorite.name}</span>
            </Button>
          ))}
        </>
      )}
    </div>
  );
}

function NamedPlaceButton({
  name,
  label,
  saveLabel,
  icon: Icon,
  favorite,
  pickup,
  onChoose,
}: {
  name: string;
  label: string;
  saveLabel: string;
  icon: LucideIcon;
  favorite: FavoriteLocation | undefined;
  pickup: Location | null;
  onChoose: (location: Location) => void;
}) {
  const { t } = useTranslation('booking');
  const create = useCreateFavoriteLocation();
  const [isOpen, setIsOpen] = useState(false);
  const testId = `quick-${name.toLowerCase()}`;

  if (favorite) {
    return (
      <Button
        variant="outline"
        size="sm"
        onClick={() => onChoose(favorite)}
        aria-label={t('trip.goTo', { name: label, address: favorite.address })}
        title={favorite.address}
        data-testid={testId}
      >
        <Icon aria-hidden />
        {label}
      </Button>
    );
  }

  if (!pickup) {
    return (
      <ComingSoonButton variant="outline" size="sm" reason={t('trip.saveNeedsPickup', { name: label })} data-testid={testId}>
        <PlusIcon aria-hidden />
        {saveLabel}
      </ComingSoonButton>
    );
  }

  function save() {
    if (!pickup) return;
    create.mutate(
      { name, address: pickup.address, lat: pickup.lat, lng: pickup.lng },
      {
        onSuccess: () => {
          setIsOpen(false);
          toast({ title: t('trip.saved', { name: label }), variant: 'success' });
        },
        onError: (error) => toast({ title: t('trip.saveFailed', { name: label }), description: error.message, variant: 'destructive' }),
      },
    );
  }

  return (
    <ConfirmDialog
      open={isOpen}
      onOpenChange={setIsOpen}
      trigger={
        <Button variant="outline" size="sm" className="border-dashed" data-testid={testId}>
          <PlusIcon aria-hidden />
          {saveLabel}
        </Button>
      }
      title={t('trip.saveDialogTitle', { name: label })}
      description={t('trip.saveDialogDescription', { name: label, address: pickup.address })}
      cancelLabel={t('trip.saveDialogCancel')}
      confirm={
        <ConfirmButton onClick={save} disabled={create.isPending} data-testid={`${testId}-confirm`}>
          <Icon aria-hidden className="size-4" />
          {create.isPending ? t('trip.saving') : t('trip.saveConfirm', { name: label })}
        </ConfirmButton>
      }
    />
  );
}
