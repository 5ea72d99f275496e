import { XIcon } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { dismissToast, useToasts } from './use-toast';

const variants = {
  default: 'border bg-background text-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
  success: 'border-success bg-background text-foreground',
} as const;

/** Radix toasts with the spec's constants: 5000 ms, swipe 50 px, hotkey F8, 420 px viewport. */
export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation('common');
  return (
    <ToastPrimitive.Provider duration={5000} swipeThreshold={50} label={t('notifications')}>
      {toasts.map(({ id, title, description, action, variant = 'default', open, duration }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          onOpenChange={(isOpen) => (isOpen ? undefined : dismissToast(id))}
          className={cn(
            'pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg p-4 pe-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            variants[variant],
          )}
          data-testid="toast"
        >
          <div className="grid gap-1">
            {title ? <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title> : null}
            {description ? <ToastPrimitive.Description className="text-sm opacity-90">{description}</ToastPrimitive.Description> : null}
          </div>
          {action}
          <ToastPrimitive.Close
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring rtl:right-auto rtl:left-2"
            aria-label={t('close')}
          >
            <XIcon className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        data-toast-viewport
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
