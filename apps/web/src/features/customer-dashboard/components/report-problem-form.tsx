import { zodResolver } from '@hookform/resolvers/zod';
import { disputeReasons, openDisputeSchema, type OpenDisputeRequest } from '@coride/domain/payments';
import { SendIcon } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useOpenDispute } from '../api/open-dispute';
import { FormError, useServerErrors } from './form-error';

const DESCRIPTION_MAX = 2000;

/** No reason is chosen at first: the select starts on its empty option, which the schema refuses. */
type ReportValues = { reason: OpenDisputeRequest['reason'] | ''; description: string };
const reportSchema: ZodType<OpenDisputeRequest, ReportValues> = openDisputeSchema as ZodType<OpenDisputeRequest, ReportValues>;

/**
 * 'Report a problem' with a completed ride: a reason and what happened, checked by the server's
 * own schema. The ride's payment stays in escrow until the licensee decides.
 */
export function ReportProblemForm({ rideId, onCancel, onReported }: { rideId: string; onCancel: () => void; onReported: () => void }) {
  const { t } = useTranslation('customer');
  const ids = { reason: useId(), description: useId() };
  const report = useOpenDispute(rideId);
  const form = useForm<ReportValues, unknown, OpenDisputeRequest>({
    resolver: zodResolver(reportSchema),
    defaultValues: { reason: '', description: '' },
  });
  const server = useServerErrors(form.setError, ['reason', 'description']);
  const { errors, isSubmitting } = form.formState;
  const length = useWatch({ control: form.control, name: 'description' }).trim().length;
  const { setFocus } = form;

  // The form opens from a button that it replaces: focus moves into it.
  useEffect(() => setFocus('reason'), [setFocus]);

  const onSubmit = form.handleSubmit(async (request) => {
    server.clear();
    try {
      await report.mutateAsync(request);
      // The receipt now shows the report (and says it was sent): no toast over the open dialog.
      onReported();
    } catch (error) {
      server.show(error);
    }
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="grid gap-4 rounded-lg border p-4"
      aria-label={t('disputes.reportTitle')}
      data-testid="report-problem-form"
    >
      <FormField id={ids.reason} label={t('disputes.reason')} error={errors.reason?.message}>
        {(control) => (
          <NativeSelect {...control} data-testid="dispute-reason" {...form.register('reason')}>
            <option value="">{t('disputes.chooseReason')}</option>
            {disputeReasons.map((reason) => (
              <option key={reason} value={reason}>
                {t(`disputes.reasons.${reason}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField
        id={ids.description}
        label={t('disputes.description')}
        hint={t('disputes.descriptionHint', { length, max: DESCRIPTION_MAX })}
        error={errors.description?.message}
      >
        {(control) => <Textarea {...control} rows={4} maxLength={DESCRIPTION_MAX} data-testid="dispute-description" {...form.register('description')} />}
      </FormField>
      <FormError message={server.formError} testId="dispute-form-error" />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('disputes.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting} data-testid="submit-dispute">
          {isSubmitting ? <Spinner /> : <SendIcon aria-hidden />}
          {isSubmitting ? t('disputes.sending') : t('disputes.send')}
        </Button>
      </div>
    </form>
  );
}
