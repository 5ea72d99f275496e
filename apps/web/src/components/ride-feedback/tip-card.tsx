import { tipRideRequestSchema, type Ride } from '@coride/domain/rides';
import { HandCoinsIcon, HeartIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useValidationMessage } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useTipRide } from '@/api/ride-feedback';
import { parseDollarsToCents, tipPresets } from './tip-presets';

type Choice = { kind: 'preset'; amount: number } | { kind: 'custom' } | null;

/** An optional tip, once: a suggested amount or a custom one; all of it goes to the driver. */
export function TipCard({ ride }: { ride: Ride }) {
  const { t } = useTranslation('booking');
  const format = useFormatters();
  const translateValidation = useValidationMessage();
  const tip = useTipRide();
  const ids = { custom: useId(), error: useId(), presets: useId() };
  const [choice, setChoice] = useState<Choice>(null);
  const [customText, setCustomText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const presets = tipPresets(ride.totalFare);

  if (ride.tip > 0) {
    return (
      <Card data-testid="tip-done">
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <HeartIcon className="size-5 fill-rose-500 text-rose-500" aria-hidden />
            {t('tip.doneTitle')}
          </CardTitle>
          <CardDescription>{t('tip.thanks', { amount: format.money(ride.tip) })}</CardDescription>
        </CardHeader>
      </Card>
    );
  }

  const amount = choice?.kind === 'preset' ? choice.amount : choice?.kind === 'custom' ? parseDollarsToCents(customText) : null;

  function submit() {
    if (choice?.kind === 'custom' && amount === null) {
      setError(t('tip.invalid'));
      return;
    }
    const parsed = tipRideRequestSchema.safeParse({ amount });
    if (!parsed.success) {
      setError(translateValidation(parsed.error.issues[0]?.message) ?? t('tip.invalid'));
      return;
    }
    setError(null);
    tip.mutate(
      { id: ride.id, amount: parsed.data.amount },
      {
        onSuccess: () => toast({ title: t('tip.sentTitle'), description: t('tip.thanks', { amount: format.money(parsed.data.amount) }), variant: 'success' }),
        onError: (failure) => toast({ title: t('tip.failed'), description: failure.message, variant: 'destructive' }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <HandCoinsIcon className="size-5 text-primary" aria-hidden />
          {t('tip.title')}
        </CardTitle>
        <CardDescription>{t('tip.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div role="group" aria-labelledby={ids.presets} className="space-y-2">
            <p id={ids.presets} className="text-sm font-medium">
              {t('tip.presetsLabel')}
            </p>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {presets.map((preset, index) => {
                const isChosen = choice?.kind === 'preset' && choice.amount === preset.amount;
                return (
                  <Button
                    key={preset.amount}
                    variant="outline"
                    aria-pressed={isChosen}
                    onClick={() => {
                      setChoice({ kind: 'preset', amount: preset.amount });
                      setError(null);
                    }}
                    className={cn('h-auto flex-col gap-0 py-2', isChosen && 'border-primary bg-accent text-accent-foreground hover:bg-accent')}
                    data-testid={`tip-preset-${index}`}
                  >
                    <span className="text-base font-semibold">{format.money(preset.amount)}</span>
                    {preset.percent !== null ? <span className="text-xs font-normal opacity-80">{t('tip.percent', { percent: preset.percent })}</span> : null}
                  </Button>
                );
              })}
              <Button
                variant="outline"
                aria-pressed={choice?.kind === 'custom'}
                onClick={() => {
                  setChoice({ kind: 'custom' });
                  setError(null);
                }}
                className={cn('h-auto py-2', choice?.kind === 'custom' && 'border-primary bg-accent text-accent-foreground hover:bg-accent')}
                data-testid="tip-custom"
              >
                {t('tip.custom')}
              </Button>
            </div>
          </div>
          {choice?.kind === 'custom' ? (
            <div className="grid gap-1.5">
              <Label htmlFor={ids.custom}>{t('tip.customLabel')}</Label>
              <div className="relative max-w-40">
                <span className="pointer-events-none absolute inset-y-0 start-3 flex items-center text-muted-foreground" aria-hidden>
                  $
                </span>
                <Input
                  id={ids.custom}
                  inputMode="decimal"
                  autoComplete="off"
                  value={customText}
                  onChange={(event) => {
                    setCustomText(event.target.value);
                    setError(null);
                  }}
                  className="ps-7"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? ids.error : undefined}
                  autoFocus
                  data-testid="tip-custom-input"
                />
              </div>
            </div>
          ) : null}
          {error ? (
            <p id={ids.error} role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={choice === null || tip.isPending} data-testid="submit-tip">
            {tip.isPending ? <Spinner /> : <HeartIcon aria-hidden />}
            {tip.isPending ? t('tip.submitting') : amount !== null ? t('tip.submit', { amount: format.money(amount) }) : t('tip.submitEmpty')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
