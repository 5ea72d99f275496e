import { Dialog as DialogPrimitive } from 'radix-ui';
import { Suspense, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A button that opens a dialog whose code loads on first use (`content` is a lazy component), so the
 * pages that offer it (the dashboard, the booking page after a ride) do not carry it; `preload` starts
 * fetching that code as soon as the pointer or focus is on the button. Radix's own Root and Trigger
 * rather than ui/dialog's: the booking page has a strict size budget and should not carry the
 * dialog's styled parts before the dialog is opened.
 */
export function LazyDialogButton({
  icon,
  children,
  content,
  preload,
  accessibleName,
  variant = 'outline',
  defaultOpen = false,
  onOpenChange: tellOpenChange,
  testId,
}: {
  icon: ReactNode;
  children: ReactNode;
  content: ReactNode;
  preload: () => void;
  accessibleName?: string;
  variant?: 'outline' | 'default';
  /** Open at once (a link asked for this dialog). */
  defaultOpen?: boolean;
  /** Told each time the dialog opens or closes. */
  onOpenChange?: (open: boolean) => void;
  testId: string;
}) {
  const [isOpen, setIsOpen] = useState(defaultOpen);
  const onOpenChange = (open: boolean) => {
    setIsOpen(open);
    tellOpenChange?.(open);
  };
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={onOpenChange}>
      <DialogPrimitive.Trigger asChild>
        <Button variant={variant} size="sm" aria-label={accessibleName} onPointerEnter={preload} onFocus={preload} data-testid={testId}>
          {icon}
          {children}
        </Button>
      </DialogPrimitive.Trigger>
      {isOpen ? <Suspense fallback={null}>{content}</Suspense> : null}
    </DialogPrimitive.Root>
  );
}
