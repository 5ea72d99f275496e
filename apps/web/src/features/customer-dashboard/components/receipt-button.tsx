import { ReceiptTextIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

const loadReceipt = () => import('./dialogs');
const ReceiptDialogContent = lazy(async () => ({ default: (await loadReceipt()).ReceiptDialogContent }));

/** Starts fetching the dialog's code as soon as the pointer or focus is on the button. */
function preload() {
  void loadReceipt();
}

/**
 * Opens a ride's receipt. The dialog's code (and its translations) load on first use, so the pages
 * that offer a receipt (the dashboard, the booking page after a ride) do not carry it. The caller
 * gives the button's text in its own namespace; `accessibleName` names the ride when it is one of many.
 * Radix's own Root and Trigger rather than ui/dialog's: the booking page has a strict size budget
 * and should not carry the dialog's styled parts before the dialog is opened.
 */
export function ReceiptButton({
  rideId,
  children,
  accessibleName,
  defaultOpen = false,
  onClose,
}: {
  rideId: string;
  children: ReactNode;
  accessibleName?: string;
  /** Open at once (a link asked for this receipt). */
  defaultOpen?: boolean;
  onClose?: () => void;
}) {
  const [isOpen, setIsOpen] = useState(defaultOpen);
  const onOpenChange = (open: boolean) => {
    setIsOpen(open);
    if (!open) onClose?.();
  };
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={onOpenChange}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={accessibleName} onPointerEnter={preload} onFocus={preload} data-testid="open-receipt">
          <ReceiptTextIcon aria-hidden />
          {children}
        </Button>
      </DialogPrimitive.Trigger>
      {isOpen ? (
        <Suspense fallback={null}>
          <ReceiptDialogContent rideId={rideId} />
        </Suspense>
      ) : null}
    </DialogPrimitive.Root>
  );
}
