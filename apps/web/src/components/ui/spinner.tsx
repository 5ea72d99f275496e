import { Loader2Icon } from './first-screen-icons';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation('common');
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <Loader2Icon className={cn('size-4 animate-spin', className)} aria-hidden />
      {label ? <span>{label}</span> : <span className="sr-only">{t('loading')}</span>}
    </span>
  );
}
