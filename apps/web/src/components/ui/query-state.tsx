import { AlertCircleIcon, RotateCwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Spinner } from './spinner';

/** The loading row of a list or a page section. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex items-center justify-center p-8 text-sm text-muted-foreground">
      <Spinner label={label ?? t('loading')} />
    </div>
  );
}

/** A failed fetch: what failed, the server's reason, and a way to try again. */
export function ErrorState({ title, error, onRetry }: { title: string; error?: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <div role="alert" className="flex flex-col items-center gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-6 text-center">
      <AlertCircleIcon className="size-6 text-destructive" aria-hidden />
      <p className="font-medium text-destructive">{title}</p>
      {detail ? <p className="max-w-md text-sm break-words text-muted-foreground">{detail}</p> : null}
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry} className="mt-1">
          <RotateCwIcon aria-hidden />
          {t('retry')}
        </Button>
      ) : null}
    </div>
  );
}
