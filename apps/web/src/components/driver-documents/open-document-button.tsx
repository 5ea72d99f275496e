import type { DriverDocument } from '@coride/domain/driver-documents';
import { FileTextIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openDriverDocument } from '@/api/driver-documents';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

/** Opens a stored document (the driver's own, or one a reviewer checks), named by its kind; a failure is a toast. */
export function OpenDocumentButton({ document, variant, className }: { document: DriverDocument; variant: 'link' | 'outline'; className: string }) {
  const { t } = useTranslation('documents');
  const [isOpening, setIsOpening] = useState(false);
  return (
    <Button
      variant={variant}
      size="sm"
      className={className}
      aria-label={t('open', { kind: t(`kinds.${document.kind}`) })}
      disabled={isOpening}
      onClick={() => {
        setIsOpening(true);
        openDriverDocument(document)
          .catch((error: unknown) => toast({ title: t('openFailed'), description: error instanceof Error ? error.message : undefined, variant: 'destructive' }))
          .finally(() => setIsOpening(false));
      }}
    >
      <FileTextIcon aria-hidden />
      {t('view')}
    </Button>
  );
}
