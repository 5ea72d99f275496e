import { documentChecklist, utcDay, type ChecklistItem } from '@coride/domain/driver-documents';
import { useTranslation } from 'react-i18next';
import { useDriverDocuments } from '@/api/driver-documents';
import { OpenDocumentButton } from './open-document-button';
import { useFormatters } from '@/lib/format';

/** The reviewer's view of an applicant's documents: each kind with its state and an Open button (contract §10). */
export function ReviewerDocuments({ driverId }: { driverId: string }) {
  const { t } = useTranslation('documents');
  const documents = useDriverDocuments(driverId);
  if (documents.isPending) return <p className="text-sm text-muted-foreground">{t('loading')}</p>;
  if (documents.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {t('loadFailed')}
      </p>
    );
  const checklist = documentChecklist(documents.data, utcDay(new Date()));
  return (
    <ul className="space-y-2" aria-label={t('checklistLabel')} data-testid="reviewer-documents">
      {checklist.map((item) => (
        <ReviewerRow key={item.kind} item={item} />
      ))}
    </ul>
  );
}

function ReviewerRow({ item }: { item: ChecklistItem }) {
  const { t } = useTranslation('documents');
  const format = useFormatters();
  const document = item.document;
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm" data-testid={`reviewer-document-${item.kind}`} data-state={item.state}>
      <span className="font-medium">{t(`kinds.${item.kind}`)}</span>
      <span className={item.state === 'ok' ? 'text-muted-foreground' : 'text-destructive'}>
        {t(`states.${item.state}`, { date: document?.expiresOn ? format.date(`${document.expiresOn}T12:00:00Z`) : '' })}
      </span>
      {document ? <OpenDocumentButton document={document} variant="outline" className="ms-auto" /> : null}
    </li>
  );
}
