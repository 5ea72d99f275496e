import type { Location } from '@coride/domain/geo';
import { createFavoriteRequestSchema, type FavoriteLocation } from '@coride/domain/rides';
import { MapPinIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressCombobox } from '@/components/address-combobox';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField, useValidationMessage } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCreateFavoriteLocation } from '@/api/favorite-locations';
import { useSearchAddresses } from '@/api/search-addresses';
import { useUpdateFavoriteLocation, type FavoriteLocationChanges } from '../api/update-favorite-location';

/** Names offered with one tap; Home and Work also feed the booking page's quick buttons. */
const SUGGESTED_NAMES = ['Home', 'Work'] as const;

type FormErrors = { name?: string; address?: string };

/**
 * Add a favorite place, or edit one (`favorite` given): a name and an address found with the same
 * geocoder as booking. Only what changed is sent when editing.
 */
export function FavoriteFormDialog({ favorite, trigger }: { favorite?: FavoriteLocation; trigger: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>{isOpen ? <FavoriteForm favorite={favorite} onDone={() => setIsOpen(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function FavoriteForm({ favorite, onDone }: { favorite?: FavoriteLocation; onDone: () => void }) {
  const { t } = useTranslation('customer');
  const translateValidation = useValidationMessage();
  const ids = { name: useId(), address: useId() };
  const search = useSearchAddresses();
  const create = useCreateFavoriteLocation();
  const update = useUpdateFavoriteLocation();
  const [name, setName] = useState(favorite?.name ?? '');
  const [addressText, setAddressText] = useState(favorite?.address ?? '');
  const [location, setLocation] = useState<Location | null>(favorite ? { address: favorite.address, lat: favorite.lat, lng: favorite.lng } : null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [isResolving, setIsResolving] = useState(false);
  const isSaving = create.isPending || update.isPending || isResolving;
  const isEditing = favorite !== undefined;

  /** The chosen place, or the single match for the typed text when it was not looked up yet. */
  async function resolveAddress(): Promise<Location | null> {
    if (location) return location;
    if (!addressText.trim()) return null;
    setIsResolving(true);
    try {
      const found = await search(addressText);
      if (found.length === 1) {
        setLocation(found[0]!);
        setAddressText(found[0]!.address);
        return found[0]!;
      }
      setErrors((current) => ({ ...current, address: found.length === 0 ? t('favorites.addressNotFound') : t('favorites.addressChoose') }));
      return null;
    } catch (error) {
      setErrors((current) => ({ ...current, address: error instanceof Error ? error.message : t('favorites.addressNotFound') }));
      return null;
    } finally {
      setIsResolving(false);
    }
  }

  async function submit() {
    const place = await resolveAddress();
    const parsed = createFavoriteRequestSchema.safeParse({
      name,
      address: place?.address ?? addressText,
      lat: place?.lat ?? Number.NaN,
      lng: place?.lng ?? Number.NaN,
    });
    const nextErrors: FormErrors = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0];
      if (field === 'name') nextErrors.name ??= issue.message;
      else nextErrors.address ??= field === 'address' ? issue.message : t('favorites.addressChoose');
    }
    if (!place && !nextErrors.address) nextErrors.address = t('favorites.addressChoose');
    if (!parsed.success || !place) {
      setErrors((current) => ({ ...nextErrors, address: nextErrors.address ?? current.address }));
      return;
    }
    setErrors({});
    const options = {
      onSuccess: () => {
        toast({
          title: isEditing ? t('favorites.updated', { name: parsed.data.name }) : t('favorites.added', { name: parsed.data.name }),
          variant: 'success' as const,
        });
        onDone();
      },
      onError: (error: Error) => toast({ title: t('favorites.saveFailed'), description: error.message, variant: 'destructive' }),
    };
    if (!favorite) {
      create.mutate(parsed.data, options);
      return;
    }
    const changes: FavoriteLocationChanges = {};
    if (parsed.data.name !== favorite.name) changes.name = parsed.data.name;
    if (parsed.data.address !== favorite.address || parsed.data.lat !== favorite.lat || parsed.data.lng !== favorite.lng) {
      Object.assign(changes, { address: parsed.data.address, lat: parsed.data.lat, lng: parsed.data.lng });
    }
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    update.mutate({ id: favorite.id, changes }, options);
  }

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>{isEditing ? t('favorites.editTitle') : t('favorites.addTitle')}</DialogTitle>
        <DialogDescription>{t('favorites.formDescription')}</DialogDescription>
      </DialogHeader>
      <FormField id={ids.name} label={t('favorites.name')} error={errors.name} hint={t('favorites.nameHint')}>
        {(control) => (
          <>
            <Input
              {...control}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={60}
              autoComplete="off"
              data-testid="favorite-name-input"
            />
            <div className="flex gap-2">
              {SUGGESTED_NAMES.map((suggestion) => (
                // The names themselves are data (the booking page looks for them), so they are not translated.
                <Button
                  key={suggestion}
                  variant="secondary"
                  size="sm"
                  className="h-7"
                  onClick={() => setName(suggestion)}
                  aria-label={t('favorites.useName', { name: suggestion })}
                >
                  {suggestion}
                </Button>
              ))}
            </div>
          </>
        )}
      </FormField>
      <div className="grid gap-1.5">
        <label htmlFor={ids.address} className="text-sm leading-none font-medium">
          {t('favorites.address')}
        </label>
        <AddressCombobox
          id={ids.address}
          value={addressText}
          isResolved={location !== null}
          onValueChange={(text) => {
            setAddressText(text);
            setLocation(null);
            setErrors((current) => ({ ...current, address: undefined }));
          }}
          search={search}
          onResolved={(found) => {
            setLocation(found);
            setAddressText(found.address);
            setErrors((current) => ({ ...current, address: undefined }));
          }}
          onNotFound={() => setErrors((current) => ({ ...current, address: t('favorites.addressNotFound') }))}
          onSearchError={(error) => setErrors((current) => ({ ...current, address: error instanceof Error ? error.message : t('favorites.addressNotFound') }))}
          icon={<MapPinIcon className="size-4 text-muted-foreground" aria-hidden />}
          placeholder={t('favorites.addressPlaceholder')}
          messages={{
            searching: t('favorites.searching'),
            suggestions: (count) => t('favorites.suggestions', { count }),
            listLabel: t('favorites.suggestionsLabel'),
          }}
          isInvalid={Boolean(errors.address)}
          describedBy={errors.address ? `${ids.address}-error` : `${ids.address}-hint`}
          data-testid="favorite-address-input"
        />
        {errors.address ? (
          <p id={`${ids.address}-error`} role="alert" className="text-sm font-medium text-destructive">
            {translateValidation(errors.address)}
          </p>
        ) : (
          <p id={`${ids.address}-hint`} className="text-xs text-muted-foreground">
            {location ? t('favorites.addressFound') : t('favorites.addressHint')}
          </p>
        )}
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('favorites.cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={isSaving} data-testid="save-favorite">
          {isSaving ? <Spinner /> : null}
          {isSaving ? t('favorites.saving') : t('favorites.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
