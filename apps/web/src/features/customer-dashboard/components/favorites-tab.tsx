import type { FavoriteLocation } from '@coride/domain';
import { BriefcaseIcon, HomeIcon, MapPinIcon, NavigationIcon, PencilIcon, PlusIcon, StarIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ConfirmButton, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { bookingHref } from '@/lib/booking-href';
import { useDeleteFavoriteLocation } from '../api/delete-favorite-location';
import { useFavoriteLocations } from '@/api/favorite-locations';
import { FavoriteFormDialog } from './favorite-form-dialog';

function FavoriteIcon({ name }: { name: string }) {
  const normalized = name.trim().toLowerCase();
  if (normalized === 'home') return <HomeIcon className="size-5" aria-hidden />;
  if (normalized === 'work') return <BriefcaseIcon className="size-5" aria-hidden />;
  return <StarIcon className="size-5" aria-hidden />;
}

/** Saved places: book a ride there, rename or move them, delete them (after a confirmation), add new ones. */
export function FavoritesTab() {
  const { t } = useTranslation('customer');
  const favorites = useFavoriteLocations();
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle as="h2">{t('favorites.title')}</CardTitle>
          <CardDescription>{t('favorites.description')}</CardDescription>
        </div>
        <FavoriteFormDialog
          trigger={
            <Button variant="outline" size="sm" data-testid="add-favorite">
              <PlusIcon aria-hidden />
              {t('favorites.addLocation')}
            </Button>
          }
        />
      </CardHeader>
      <CardContent>
        {favorites.isPending ? (
          <LoadingState />
        ) : favorites.isError ? (
          <ErrorState title={t('favorites.loadFailed')} error={favorites.error} onRetry={() => void favorites.refetch()} />
        ) : favorites.data.length === 0 ? (
          <EmptyState icon={MapPinIcon} title={t('favorites.emptyTitle')} description={t('favorites.emptyDescription')} />
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" data-testid="favorites-list">
            {favorites.data.map((favorite) => (
              <FavoriteItem key={favorite.id} favorite={favorite} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function FavoriteItem({ favorite }: { favorite: FavoriteLocation }) {
  const { t } = useTranslation('customer');
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4" data-testid="favorite-item">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <FavoriteIcon name={favorite.name} />
        </span>
        <div className="min-w-0">
          <p className="font-semibold break-words" data-testid="favorite-name">
            {favorite.name}
          </p>
          <p className="text-sm break-words text-muted-foreground">{favorite.address}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link
          href={bookingHref({ dropoff: favorite })}
          className={buttonVariants({ size: 'sm' })}
          aria-label={t('favorites.bookRideTo', { name: favorite.name })}
          data-testid="book-favorite"
        >
          <NavigationIcon aria-hidden />
          {t('favorites.bookRide')}
        </Link>
        <FavoriteFormDialog
          favorite={favorite}
          trigger={
            <Button variant="outline" size="sm" aria-label={t('favorites.editLabel', { name: favorite.name })} data-testid="edit-favorite">
              <PencilIcon aria-hidden />
              {t('favorites.edit')}
            </Button>
          }
        />
        <DeleteFavoriteButton favorite={favorite} />
      </div>
    </li>
  );
}

function DeleteFavoriteButton({ favorite }: { favorite: FavoriteLocation }) {
  const { t } = useTranslation('customer');
  const remove = useDeleteFavoriteLocation();
  const [isOpen, setIsOpen] = useState(false);
  // mutateAsync: removing the place from the list unmounts this button before mutate's callbacks would run.
  async function confirm() {
    try {
      await remove.mutateAsync(favorite.id);
      toast({ title: t('favorites.deleted', { name: favorite.name }) });
    } catch (error) {
      toast({ title: t('favorites.deleteFailed'), description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    }
  }
  return (
    <ConfirmDialog
      open={isOpen}
      onOpenChange={setIsOpen}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive/5"
          aria-label={t('favorites.deleteLabel', { name: favorite.name })}
          data-testid="delete-favorite"
        >
          <Trash2Icon aria-hidden />
          {t('favorites.delete')}
        </Button>
      }
      title={t('favorites.deleteTitle', { name: favorite.name })}
      description={t('favorites.deleteDescription', { address: favorite.address })}
      cancelLabel={t('favorites.keep')}
      confirm={
        <ConfirmButton variant="destructive" onClick={() => void confirm()} disabled={remove.isPending} data-testid="confirm-delete-favorite">
          {remove.isPending ? <Spinner /> : <Trash2Icon aria-hidden className="size-4" />}
          {t('favorites.deleteConfirm')}
        </ConfirmButton>
      }
    />
  );
}
