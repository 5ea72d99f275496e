import { zodResolver } from '@hookform/resolvers/zod';
import type { EmergencyContact } from '@coride/domain';
import { emergencyContactRequestSchema, MAX_EMERGENCY_CONTACTS, type EmergencyContactRequest } from '@coride/domain/account-settings';
import { useQueryClient } from '@tanstack/react-query';
import { PhoneIcon, PlusIcon, Trash2Icon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { emergencyContactsQueryKey, useAddEmergencyContact, useEmergencyContacts, useRemoveEmergencyContact } from '@/api/account-settings';
import { Button } from '@/components/ui/button';
import { ConfirmButton, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api';
import { applyServerErrors } from './apply-server-errors';

const fields = ['name', 'phone', 'email'] as const;

/**
 * The people to tell in an emergency (contract §9): the list, removal after a confirmation, and a form
 * to add one (the shared schema: the sign-up phone rule), up to MAX_EMERGENCY_CONTACTS.
 */
export function EmergencyContactsManager() {
  const { t } = useTranslation('preferences');
  const contacts = useEmergencyContacts();

  if (contacts.isPending) return <LoadingState />;
  if (contacts.isError) return <ErrorState title={t('contacts.loadFailed')} error={contacts.error} onRetry={() => void contacts.refetch()} />;

  const isFull = contacts.data.length >= MAX_EMERGENCY_CONTACTS;
  return (
    <div className="grid gap-4" data-testid="emergency-contacts">
      <p className="text-sm text-muted-foreground">{t('contacts.intro')}</p>
      {contacts.data.length === 0 ? (
        <EmptyState icon={UsersIcon} title={t('contacts.empty')} description={t('contacts.emptyHint')} />
      ) : (
        <ul className="grid gap-2" aria-label={t('contacts.listLabel')}>
          {contacts.data.map((contact) => (
            <ContactRow key={contact.id} contact={contact} />
          ))}
        </ul>
      )}
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="emergency-contacts-count">
        {t('contacts.count', { saved: contacts.data.length, max: MAX_EMERGENCY_CONTACTS })}
      </p>
      {isFull ? <p className="text-sm">{t('contacts.full', { max: MAX_EMERGENCY_CONTACTS })}</p> : <AddContactForm />}
    </div>
  );
}

function ContactRow({ contact }: { contact: EmergencyContact }) {
  const { t } = useTranslation('preferences');
  const remove = useRemoveEmergencyContact();
  const [isOpen, setIsOpen] = useState(false);

  function confirm() {
    remove.mutate(contact.id, {
      onSuccess: () => {
        setIsOpen(false);
        toast({ title: t('contacts.removed', { name: contact.name }), variant: 'success' });
      },
      onError: (error) => toast({ title: t('contacts.removeFailed'), description: error.message, variant: 'destructive' }),
    });
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3" data-testid="emergency-contact">
      <div className="min-w-0">
        <p className="font-medium break-words">{contact.name}</p>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <PhoneIcon className="size-3.5" aria-hidden />
          <span dir="ltr">{contact.phone}</span>
        </p>
        {contact.email ? <p className="text-sm break-all text-muted-foreground">{contact.email}</p> : null}
      </div>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        trigger={
          <Button variant="outline" size="sm" aria-label={t('contacts.removeNamed', { name: contact.name })}>
            <Trash2Icon aria-hidden />
            {t('contacts.remove')}
          </Button>
        }
        title={t('contacts.removeTitle', { name: contact.name })}
        description={t('contacts.removeDescription')}
        cancelLabel={t('contacts.keep')}
        pending={remove.isPending}
        confirm={
          <ConfirmButton onClick={confirm} disabled={remove.isPending} data-testid="emergency-contact-remove-confirm">
            {remove.isPending ? t('contacts.removing') : t('contacts.removeConfirm')}
          </ConfirmButton>
        }
      />
    </li>
  );
}

function AddContactForm() {
  const { t } = useTranslation('preferences');
  const add = useAddEmergencyContact();
  const queryClient = useQueryClient();
  const form = useForm<EmergencyContactRequest>({ resolver: zodResolver(emergencyContactRequestSchema), defaultValues: { name: '', phone: '', email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const created = await add.mutateAsync({ name: values.name, phone: values.phone, ...(values.email ? { email: values.email } : {}) });
      form.reset();
      toast({ title: t('contacts.added', { name: created.name }), variant: 'success' });
    } catch (error) {
      if (applyServerErrors(error, fields, form.setError)) return;
      // 422: the limit was reached meanwhile (another tab); the list is re-read.
      const isFull = error instanceof ApiRequestError && error.status === 422;
      if (isFull) void queryClient.invalidateQueries({ queryKey: emergencyContactsQueryKey });
      toast({
        title: isFull ? t('contacts.full', { max: MAX_EMERGENCY_CONTACTS }) : t('contacts.addFailed'),
        description: isFull ? undefined : error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    }
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="grid gap-3 rounded-lg border p-3"
      aria-label={t('contacts.addTitle')}
      data-testid="emergency-contact-form"
    >
      <p className="font-medium">{t('contacts.addTitle')}</p>
      <FormField id="contact-name" label={t('contacts.name')} error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
      </FormField>
      <div className="grid items-start gap-3 sm:grid-cols-2">
        <FormField id="contact-phone" label={t('contacts.phone')} error={errors.phone?.message}>
          {(control) => <Input {...control} type="tel" autoComplete="off" {...form.register('phone')} />}
        </FormField>
        <FormField id="contact-email" label={t('contacts.email')} hint={t('contacts.emailHint')} error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="off" {...form.register('email')} />}
        </FormField>
      </div>
      <Button type="submit" className="justify-self-start" disabled={isSubmitting} data-testid="emergency-contact-add">
        {isSubmitting ? (
          <Spinner label={t('contacts.adding')} />
        ) : (
          <>
            <PlusIcon aria-hidden />
            {t('contacts.add')}
          </>
        )}
      </Button>
    </form>
  );
}
