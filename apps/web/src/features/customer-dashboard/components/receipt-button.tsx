import { ReceiptTextIcon } from 'lucide-react';
import { lazy, type ReactNode } from 'react';
import { LazyDialogButton } from './lazy-dialog-button';

const loadDialogs = () => import('./dialogs');
const ReceiptDialogContent = lazy(async () => ({ default: (await loadDialogs()).ReceiptDialogContent }));
const FeedbackDialogContent = lazy(async () => ({ default: (await loadDialogs()).FeedbackDialogContent }));
const preload = () => void loadDialogs();

/**
 * Opens a ride's receipt. The caller gives the button's text in its own namespace; `accessibleName`
 * names the ride when it is one of many.
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
  return (
    <LazyDialogButton
      icon={<ReceiptTextIcon aria-hidden />}
      content={<ReceiptDialogContent rideId={rideId} />}
      preload={preload}
      {...(accessibleName ? { accessibleName } : {})}
      defaultOpen={defaultOpen}
      {...(onClose ? { onOpenChange: (open: boolean) => !open && onClose() } : {})}
      testId="open-receipt"
    >
      {children}
    </LazyDialogButton>
  );
}

/**
 * Opens the rating and the tip of a completed ride, for the 7 days they are open (contract §10).
 * `onOpenChange`: the list keeps the button, and so its dialog, while the dialog is open, even once the
 * ride is rated and tipped (its confirmation stays until the rider closes it).
 */
export function FeedbackButton({
  rideId,
  children,
  accessibleName,
  icon,
  onOpenChange,
}: {
  rideId: string;
  children: ReactNode;
  accessibleName: string;
  icon: ReactNode;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <LazyDialogButton
      icon={icon}
      content={<FeedbackDialogContent rideId={rideId} />}
      preload={preload}
      accessibleName={accessibleName}
      onOpenChange={onOpenChange}
      variant="default"
      testId="rate-and-tip"
    >
      {children}
    </LazyDialogButton>
  );
}
