import { AlertCircleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { SiteHeader } from '@/components/layout/site-header';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <PageShell header={<SiteHeader />}>
      <div className="flex min-h-[60vh] items-center justify-center px-4">
        <Card className="w-full max-w-md">
          <CardContent className="pt-6">
            <div className="mb-4 flex items-center gap-2">
              <AlertCircleIcon className="size-8 text-destructive" aria-hidden />
              <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
            </div>
            <p className="mb-6 text-sm text-muted-foreground">{t('notFound.hint')}</p>
            <Link href="/" className={buttonVariants({ variant: 'outline' })}>
              {t('notFound.home')}
            </Link>
          </CardContent>
        </Card>
      </div>
    </PageShell>
  );
}
