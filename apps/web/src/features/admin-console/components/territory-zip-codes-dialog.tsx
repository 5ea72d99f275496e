import type { AdminTerritory } from '@coride/domain/territories';
import { AlertCircleIcon, PlusIcon, SaveIcon, XIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '@/components/ui/action-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useChangeTerritoryZipCodes } from '../api/use-admin-territories';
import { addZipCode, refusedZipCodes, type ZipInputProblem } from '../territory-zips';

/**
 * The zip codes of one territory as removable chips, a field to add one, and the licence's other zip
 * codes to add in a press. The server decides (licence, other territories) and its refusals are shown
 * on the zip codes they concern; the dialog stays open with the list as edited.
 */
export function TerritoryZipCodesDialog({ territory, onClose }: { territory: AdminTerritory | null; onClose: () => void }) {
  return (
    <Dialog open={territory !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      {territory ? <ZipCodesForm key={territory.id} territory={territory} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ZipCodesForm({ territory, onClose }: { territory: AdminTerritory; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const inputId = useId();
  const hintId = useId();
  const errorsId = useId();
  const [zipCodes, setZipCodes] = useState<string[]>(territory.zipCodes);
  const [typed, setTyped] = useState('');
  const [inputProblem, setInputProblem] = useState<ZipInputProblem | null>(null);
  const [refused, setRefused] = useState<Map<string, string>>(new Map());
  const [serverError, setServerError] = useState<string | null>(null);
  const change = useChangeTerritoryZipCodes();
  const isSaving = change.isPending;
  const licensedLeft = territory.licensedZipCodes.filter((zip) => !zipCodes.includes(zip));
  const isEmpty = zipCodes.length === 0;

  function add(zip: string) {
    const result = addZipCode(zipCodes, zip);
    if ('problem' in result) {
      setInputProblem(result.problem);
      return;
    }
    setZipCodes(result.zipCodes);
    setInputProblem(null);
    setTyped('');
  }

  function remove(zip: string) {
    setZipCodes(zipCodes.filter((z) => z !== zip));
    setRefused((previous) => new Map([...previous].filter(([z]) => z !== zip)));
  }

  const reasonOf = (code: string | undefined, message: string) =>
    code === 'ZIP_NOT_IN_LICENCE' ? t('territories.zips.notInLicence') : code === 'ZIP_TAKEN' ? t('territories.zips.taken') : message;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (isEmpty || isSaving) return;
    setServerError(null);
    setRefused(new Map());
    try {
      await change.mutateAsync({ id: territory.id, zipCodes });
      toast({ title: t('territories.zips.saved', { name: territory.name }), variant: 'success' });
      onClose();
    } catch (error) {
      const perZip = error instanceof ApiRequestError ? refusedZipCodes(error.fields) : new Map<string, string>();
      if (perZip.size > 0) {
        const code = error instanceof ApiRequestError ? error.code : undefined;
        setRefused(new Map([...perZip].map(([zip, message]) => [zip, reasonOf(code, message)])));
        setServerError(t('territories.zips.refused', { count: perZip.size }));
      } else setServerError(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <DialogContent className="sm:max-w-xl" data-testid="territory-zips-dialog" onEscapeKeyDown={(event) => (isSaving ? event.preventDefault() : undefined)}>
      <form onSubmit={(event) => void save(event)} noValidate className="grid gap-4" aria-busy={isSaving}>
        <DialogHeader>
          <DialogTitle>{t('territories.zips.title', { name: territory.name })}</DialogTitle>
          <DialogDescription>{t('territories.zips.description', { max: 10 })}</DialogDescription>
        </DialogHeader>

        <div className="grid gap-2">
          <p className="text-sm font-medium" id={`${errorsId}-label`}>
            {t('territories.zips.current', { count: zipCodes.length })}
          </p>
          {isEmpty ? <p className="text-sm text-destructive">{t('territories.zips.atLeastOne')}</p> : null}
          <ul className="flex flex-wrap gap-2" aria-labelledby={`${errorsId}-label`} data-testid="territory-zip-chips">
            {zipCodes.map((zip) => {
              const problem = refused.get(zip);
              return (
                <li
                  key={zip}
                  className={cn(
                    'flex items-center gap-1 rounded-full border py-0.5 ps-3 pe-1 text-sm tabular-nums',
                    problem ? 'border-destructive bg-destructive/5 text-destructive' : 'bg-muted',
                  )}
                  data-testid="territory-zip-chip"
                  data-zip={zip}
                  data-invalid={problem ? 'true' : undefined}
                >
                  <span>{zip}</span>
                  {problem ? <span className="sr-only">: {problem}</span> : null}
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-6 rounded-full"
                    onClick={() => remove(zip)}
                    disabled={isSaving}
                    aria-label={t('territories.zips.remove', { zip })}
                  >
                    <XIcon className="size-3.5" aria-hidden />
                  </Button>
                </li>
              );
            })}
          </ul>
          {refused.size > 0 ? (
            <ul id={errorsId} className="grid gap-1 text-sm text-destructive" data-testid="territory-zip-errors">
              {[...refused].map(([zip, message]) => (
                <li key={zip}>
                  <span className="font-medium tabular-nums">{zip}</span>: {message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <div className="grid gap-1.5">
          <Label htmlFor={inputId}>{t('territories.zips.addLabel')}</Label>
          <div className="flex gap-2">
            <Input
              id={inputId}
              value={typed}
              inputMode="numeric"
              maxLength={5}
              autoComplete="off"
              className="max-w-40"
              aria-invalid={inputProblem !== null}
              aria-describedby={hintId}
              data-testid="territory-zip-input"
              onChange={(event) => {
                setTyped(event.target.value);
                setInputProblem(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add(typed);
                }
              }}
            />
            <Button type="button" variant="outline" onClick={() => add(typed)} disabled={isSaving} data-testid="territory-zip-add">
              <PlusIcon aria-hidden />
              {t('territories.zips.add')}
            </Button>
          </div>
          <p
            id={hintId}
            className={cn('text-xs', inputProblem ? 'font-medium text-destructive' : 'text-muted-foreground')}
            role={inputProblem ? 'alert' : undefined}
          >
            {inputProblem ? t(`territories.zips.problems.${inputProblem}`, { max: 10 }) : t('territories.zips.addHint')}
          </p>
        </div>

        {licensedLeft.length > 0 ? (
          <div className="grid gap-2">
            <p className="text-sm font-medium">{t('territories.zips.licensedLeft')}</p>
            <div className="flex flex-wrap gap-2">
              {licensedLeft.map((zip) => (
                <Button
                  key={zip}
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => add(zip)}
                  disabled={isSaving}
                  aria-label={t('territories.zips.addZip', { zip })}
                >
                  <PlusIcon aria-hidden />
                  {zip}
                </Button>
              ))}
            </div>
          </div>
        ) : null}

        {serverError ? (
          <p
            role="alert"
            className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
            data-testid="territory-zips-error"
          >
            <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{serverError}</span>
          </p>
        ) : null}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={isSaving}>
            {t('territories.cancel')}
          </Button>
          <ActionButton type="submit" isPending={isSaving} isUnavailable={isEmpty} data-testid="territory-zips-save">
            {isSaving ? <Spinner /> : <SaveIcon aria-hidden />}
            {isSaving ? t('territories.zips.saving') : t('territories.zips.save')}
          </ActionButton>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
