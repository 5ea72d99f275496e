import { FlaskConicalIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Every tab says it plainly: these are sample figures computed by the product's own rules, not anyone's data. */
export function SampleNote() {
  const { t } = useTranslation('demo');
  return (
    <p className="flex items-start gap-2 rounded-md bg-muted/60 px-3 py-2 text-sm text-muted-foreground" data-testid="sample-note">
      <FlaskConicalIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      {t('sampleNote')}
    </p>
  );
}
