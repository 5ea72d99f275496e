import {
  DOCUMENT_ACCEPT,
  documentChecklist,
  driverDocumentKinds,
  isExpiringDocumentKind,
  MAX_DOCUMENT_BYTES,
  utcDay,
  type ChecklistItem,
  type DriverDocumentKind,
} from '@coride/domain/driver-documents';
import { AlertTriangleIcon, CameraIcon, CheckCircle2Icon, CircleDashedIcon, Loader2Icon, XCircleIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOwnDocuments, useUploadDocument } from '@/api/driver-documents';
import { Button } from '@/components/ui/button';
import { OpenDocumentButton } from './open-document-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { NativeSelect } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import { useFormatters } from '@/lib/format';

const stateIcons = { ok: CheckCircle2Icon, expiring: AlertTriangleIcon, expired: XCircleIcon, missing: CircleDashedIcon } as const;
const stateColors = {
  ok: 'text-success',
  expiring: 'text-amber-700 dark:text-amber-400',
  expired: 'text-destructive',
  missing: 'text-muted-foreground',
} as const;

/** An upload's refusal in the reader's language, by its code (the server's English otherwise). */
function useUploadError() {
  const { t } = useTranslation('documents');
  return (error: unknown): string => {
    if (error instanceof ApiRequestError) {
      if (error.code === 'FILE_TOO_LARGE' || error.code === 'UNSUPPORTED_FILE_TYPE' || error.code === 'NETWORK') return t(`errors.${error.code}`);
      if (error.fields.expiresOn) return t('errors.expiresOn');
      return error.message;
    }
    return error instanceof Error ? error.message : String(error);
  };
}

/**
 * The driver's documents (contract §10): a checklist of what is missing, expiring or expired, what
 * happens next, and an upload that opens the phone's camera (or takes a PDF). Shared by the driver's
 * application (onboarding) and the driver console.
 */
export function DocumentsCard({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation('documents');
  const documents = useOwnDocuments();
  const today = utcDay(new Date());
  const checklist = documentChecklist(documents.data ?? [], today);
  const missing = checklist.filter((item) => item.state === 'missing' || item.state === 'expired');
  return (
    <Card data-testid="documents-card">
      <CardHeader>
        <CardTitle as={headingLevel}>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {documents.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('loadFailed')}
          </p>
        ) : null}
        <ul className="space-y-2" aria-label={t('checklistLabel')} data-testid="documents-checklist">
          {checklist.map((item) => (
            <ChecklistRow key={item.kind} item={item} />
          ))}
        </ul>
        <p className="rounded-md bg-muted p-3 text-sm" data-testid="documents-next" aria-live="polite">
          {missing.length > 0 ? t('next.missing', { count: missing.length }) : t('next.complete')}
        </p>
        <UploadForm defaultKind={missing[0]?.kind ?? 'licence'} />
      </CardContent>
    </Card>
  );
}

function ChecklistRow({ item }: { item: ChecklistItem }) {
  const { t } = useTranslation('documents');
  const format = useFormatters();
  const Icon = stateIcons[item.state];
  const document = item.document;
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm" data-testid={`document-${item.kind}`} data-state={item.state}>
      <Icon className={`size-4 shrink-0 ${stateColors[item.state]}`} aria-hidden />
      <span className="font-medium">{t(`kinds.${item.kind}`)}</span>
      <span className="text-muted-foreground">
        {t(`states.${item.state}`, { date: document?.expiresOn ? format.date(`${document.expiresOn}T12:00:00Z`) : '' })}
      </span>
      {document ? <OpenDocumentButton document={document} variant="link" className="ms-auto h-auto p-0" /> : null}
    </li>
  );
}

function UploadForm({ defaultKind }: { defaultKind: DriverDocumentKind }) {
  const { t } = useTranslation('documents');
  const id = useId();
  const [kind, setKind] = useState<DriverDocumentKind | null>(null);
  const chosenKind = kind ?? defaultKind;
  const [expiresOn, setExpiresOn] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadDocument(setProgress);
  const describeError = useUploadError();
  const needsExpiry = isExpiringDocumentKind(chosenKind);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!file) return setError(t('errors.noFile'));
    if (file.size > MAX_DOCUMENT_BYTES) return setError(t('errors.FILE_TOO_LARGE'));
    if (needsExpiry && !expiresOn) return setError(t('errors.expiresOn'));
    setProgress(0);
    upload.mutate(
      { kind: chosenKind, file, expiresOn: needsExpiry ? expiresOn : undefined },
      {
        onSuccess: () => {
          toast({ title: t('uploaded', { kind: t(`kinds.${chosenKind}`) }), variant: 'success' });
          setFile(null);
          setExpiresOn('');
          setKind(null);
          (event.target as HTMLFormElement).reset();
        },
        onError: (failure) => setError(describeError(failure)),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-3 border-t pt-4" aria-labelledby={`${id}-heading`} noValidate data-testid="document-upload">
      <h3 id={`${id}-heading`} className="text-sm font-semibold">
        {t('upload.heading')}
      </h3>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-kind`}>{t('upload.kind')}</Label>
        <NativeSelect id={`${id}-kind`} value={chosenKind} onChange={(event) => setKind(event.target.value as DriverDocumentKind)} data-testid="document-kind">
          {driverDocumentKinds.map((value) => (
            <option key={value} value={value}>
              {t(`kinds.${value}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {needsExpiry ? (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-expires`}>{t('upload.expiresOn')}</Label>
          <Input
            id={`${id}-expires`}
            type="date"
            value={expiresOn}
            min={utcDay(new Date())}
            onChange={(event) => setExpiresOn(event.target.value)}
            data-testid="document-expires"
          />
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-file`} className="flex items-center gap-2">
          <CameraIcon className="size-4" aria-hidden />
          {t('upload.file')}
        </Label>
        <Input
          id={`${id}-file`}
          type="file"
          accept={DOCUMENT_ACCEPT}
          capture="environment"
          aria-describedby={`${id}-file-hint`}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          data-testid="document-file"
        />
        <p id={`${id}-file-hint`} className="text-xs text-muted-foreground">
          {t('upload.hint')}
        </p>
      </div>
      {upload.isPending ? (
        <div className="grid gap-1" role="status">
          <Progress value={Math.round(progress * 100)} aria-label={t('upload.progress')} />
          <span className="text-xs text-muted-foreground">{t('upload.sending', { percent: Math.round(progress * 100) })}</span>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive" data-testid="document-error">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={upload.isPending} data-testid="document-submit">
        {upload.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
        {upload.isPending ? t('upload.pending') : t('upload.submit')}
      </Button>
    </form>
  );
}
