import { zodResolver } from '@hookform/resolvers/zod';
import { registerRequestSchema, registrationSchemas } from '@coride/domain/registration';
import type { SignupRole } from '@coride/domain/roles';
import { Controller, useForm, type FieldValues, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, useValidationMessage, type FieldControlProps } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { registrationDefaults, registrationSections, type FieldSpec } from './registration-fields';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

function FieldInput({
  spec,
  role,
  control,
  register,
}: {
  spec: FieldSpec;
  role: SignupRole;
  control: FieldControlProps;
  register: UseFormRegister<FieldValues>;
}) {
  const { t } = useTranslation('onboarding');
  const placeholder = spec.placeholder ? t(`placeholders.${spec.name}`) : undefined;
  const common = { ...control, 'data-testid': `${role}-${spec.name}` };
  switch (spec.kind) {
    case 'textarea':
      return <Textarea {...common} rows={5} placeholder={placeholder} {...register(spec.name)} />;
    case 'select':
      return (
        <NativeSelect {...common} {...register(spec.name, { setValueAs: emptyToUndefined })}>
          <option value="">{t('options.choose')}</option>
          {spec.options!.values.map((value) => (
            <option key={value} value={value}>
              {t(`options.${spec.options!.key}.${value}`)}
            </option>
          ))}
        </NativeSelect>
      );
    case 'yesNo':
      // A yes/no question as a select (No first: the default), sent as a boolean.
      return (
        <NativeSelect {...common} {...register(spec.name, { setValueAs: (value: unknown) => value === true || value === 'true' })}>
          <option value="false">{t('options.no')}</option>
          <option value="true">{t('options.yes')}</option>
        </NativeSelect>
      );
    case 'number':
      return <Input {...common} type="number" inputMode="numeric" min={2} max={8} step={1} {...register(spec.name, { valueAsNumber: true })} />;
    default:
      return <Input {...common} type={spec.kind} autoComplete={spec.autoComplete} placeholder={placeholder} {...register(spec.name)} />;
  }
}

/**
 * One sign-up form per role, validated by the same zod schema the server uses. Server-side field
 * errors land on their fields; a failure keeps everything typed.
 */
export function RegistrationForm({ role, initialEmail, onRegistered }: { role: SignupRole; initialEmail: string; onRegistered: (role: SignupRole) => void }) {
  const { t } = useTranslation('onboarding');
  const { register: registerAccount } = useAuth();
  // One form component serves three schemas: seen through the form, each is a schema of a plain record.
  const schema: ZodType<FieldValues, FieldValues> = registrationSchemas[role];
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema),
    defaultValues: registrationDefaults(role, initialEmail),
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    // Already valid for the role's schema; parsing once more gives the request its exact type.
    const payload = registerRequestSchema.parse({ ...values, role, username: values.email });
    try {
      await registerAccount(payload);
      toast(
        role === 'customer'
          ? { title: t('toasts.customerTitle'), description: t('toasts.customerBody'), variant: 'success' }
          : { title: t(`toasts.${role}Title`), description: t('toasts.applicationBody'), variant: 'success' },
      );
      onRegistered(role);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ApiRequestError) {
        for (const [field, fieldMessage] of Object.entries(error.fields)) form.setError(field, { type: 'server', message: fieldMessage });
      }
      toast({ title: t(role === 'customer' ? 'toasts.registrationFailed' : 'toasts.applicationFailed'), description: message, variant: 'destructive' });
    }
  });

  const fieldError = (name: string) => {
    const message = errors[name]?.message;
    return typeof message === 'string' ? message : undefined;
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-6" aria-label={t(`tabs.${role}`)} data-testid={`${role}-form`}>
      {registrationSections[role].map((section) => (
        <fieldset key={section.title} className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold">{t(`sections.${section.title}`)}</legend>
          {section.fields.map((spec) => (
            <FormField
              key={spec.name}
              id={`${role}-${spec.name}`}
              label={t(`fields.${spec.name}`)}
              hint={spec.hint ? t(`hints.${spec.name}`) : undefined}
              error={fieldError(spec.name)}
              className={cn(spec.wide && 'sm:col-span-2')}
            >
              {(control) => <FieldInput spec={spec} role={role} control={control} register={form.register} />}
            </FormField>
          ))}
        </fieldset>
      ))}

      <Controller
        control={form.control}
        name="terms"
        render={({ field }) => (
          <TermsCheckbox
            id={`${role}-terms`}
            checked={field.value === true}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldError('terms')}
          />
        )}
      />

      <Button type="submit" size="lg" disabled={isSubmitting} data-testid={`${role}-submit`}>
        {isSubmitting ? <Spinner label={t(role === 'customer' ? 'submit.customerPending' : 'submit.pending')} /> : t(`submit.${role}`)}
      </Button>
    </form>
  );
}

function TermsCheckbox({
  id,
  checked,
  onCheckedChange,
  onBlur,
  error,
}: {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  onBlur: () => void;
  error?: string;
}) {
  const { t } = useTranslation('onboarding');
  const translate = useValidationMessage();
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          checked={checked}
          onCheckedChange={(value) => onCheckedChange(value === true)}
          onBlur={onBlur}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={id}
        />
        <Label htmlFor={id} className="text-sm leading-snug font-normal">
          {t('terms.before')}{' '}
          <Link href="/terms-of-service" className="font-medium text-primary underline">
            {t('terms.termsLink')}
          </Link>{' '}
          {t('terms.and')}{' '}
          <Link href="/privacy-policy" className="font-medium text-primary underline">
            {t('terms.privacyLink')}
          </Link>
        </Label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive" role="alert">
          {translate(error)}
        </p>
      ) : null}
    </div>
  );
}
