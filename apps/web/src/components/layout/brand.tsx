import { CarFrontIcon } from '@/components/ui/first-screen-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

export function Brand() {
  const { t } = useTranslation('common');
  return (
    <Link href="/" className="flex items-center gap-2 rounded-md font-bold text-lg focus-visible:outline-2 focus-visible:outline-ring">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <CarFrontIcon className="size-5" aria-hidden />
      </span>
      <span>{t('brand')}</span>
    </Link>
  );
}
