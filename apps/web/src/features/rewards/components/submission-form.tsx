import {
  createSubmissionRequestSchema,
  submissionKinds,
  submissionPoints,
  SUBMISSION_MAX_CHARS,
  type SubmissionKind,
} from '@coride/domain/community/submissions';
import { MessageSquarePlusIcon, SendIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useValidationMessage } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { NativeSelect } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useFormatters } from '@/lib/format';
import { useCreateSubmission, useOwnSubmissions } from '../api';

type Errors = Partial<Record<'kind' | 'text', string>>;

/**
 * Route suggestions, safety reports and community feedback: validated with the shared schema, sent
 * to the territory's licensee; points arrive when the licensee accepts it.
 */
export function SubmissionCard({ showPoints = true }: { showPoints?: boolean }) {
  const { t } = useTranslation('rewards');
  const translate = useValidationMessage();
  const create = useCreateSubmission();
  const own = useOwnSubmissions();
  const format = useFormatters();
  const ids = { kind: useId(), text: useId() };
  const [kind, setKind] = useState<SubmissionKind | ''>('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  function submit() {
    const parsed = createSubmissionRequestSchema.safeParse({ kind: kind || undefined, text });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'kind' || field === 'text') && !next[field]) next[field] = translate(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: t('submit.sentTitle'), description: t('submit.sentBody'), variant: 'success' });
        setKind('');
        setText('');
      },
      onError: (error) => toast({ title: t('submit.failed'), description: error.message, variant: 'destructive' }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('submit.title')}</CardTitle>
        <CardDescription>{t('submit.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form
          className="space-y-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          data-testid="submission-form"
        >
          <div className="grid gap-1.5">
            <Label htmlFor={ids.kind}>{t('submit.kind')}</Label>
            <NativeSelect
              id={ids.kind}
              value={kind}
              onChange={(event) => setKind(event.target.value as SubmissionKind | '')}
              aria-invalid={Boolean(errors.kind)}
              aria-describedby={errors.kind ? `${ids.kind}-error` : undefined}
              data-testid="submission-kind"
            >
              <option value="">{t('submit.choose')}</option>
              {submissionKinds.map((k) => (
                <option key={k} value={k}>
                  {showPoints ? t('submit.kindWithPoints', { kind: t(`actions.${k}`), points: submissionPoints(k) }) : t(`actions.${k}`)}
                </option>
              ))}
            </NativeSelect>
            {errors.kind ? (
              <p id={`${ids.kind}-error`} role="alert" className="text-sm font-medium text-destructive">
                {errors.kind}
              </p>
            ) : null}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.text}>{t('submit.text')}</Label>
            <Textarea
              id={ids.text}
              value={text}
              onChange={(event) => setText(event.target.value)}
              maxLength={SUBMISSION_MAX_CHARS}
              rows={4}
              aria-invalid={Boolean(errors.text)}
              aria-describedby={errors.text ? `${ids.text}-error` : `${ids.text}-hint`}
              data-testid="submission-text"
            />
            {errors.text ? (
              <p id={`${ids.text}-error`} role="alert" className="text-sm font-medium text-destructive">
                {errors.text}
              </p>
            ) : (
              <p id={`${ids.text}-hint`} className="text-xs text-muted-foreground">
                {t('submit.hint')}
              </p>
            )}
          </div>
          <Button type="submit" disabled={create.isPending} data-testid="submission-send">
            {create.isPending ? <Spinner /> : <SendIcon aria-hidden />}
            {t('submit.send')}
          </Button>
        </form>
        <section aria-labelledby={`${ids.text}-mine`} className="space-y-2">
          <h3 id={`${ids.text}-mine`} className="text-sm font-semibold">
            {t('submit.mine')}
          </h3>
          {own.isPending ? (
            <LoadingState />
          ) : own.isError ? (
            <ErrorState title={t('submit.loadFailed')} error={own.error} onRetry={() => void own.refetch()} />
          ) : own.data.length === 0 ? (
            <EmptyState icon={MessageSquarePlusIcon} title={t('submit.emptyTitle')} />
          ) : (
            <ul className="divide-y text-sm" data-testid="own-submissions">
              {own.data.map((s) => (
                <li key={s.id} className="flex items-start justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <span className="font-medium">{t(`actions.${s.kind}`)}</span>
                    <span className="block break-words text-muted-foreground">{s.text}</span>
                    <span className="block text-xs text-muted-foreground">{format.dateTime(s.createdAt)}</span>
                  </span>
                  <Badge variant={s.status === 'accepted' ? 'success' : s.status === 'rejected' ? 'destructive' : 'secondary'}>{t(`status.${s.status}`)}</Badge>
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
