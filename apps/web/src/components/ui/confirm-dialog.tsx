import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog; left out when the dialog is opened from elsewhere through `open` (a chosen list item, an assistant action). */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  cancelLabel: ReactNode;
  /** The confirming button, a <ConfirmButton>. */
  confirm: ReactNode;
  /** While the confirmed action runs, the keep button is disabled too. */
  pending?: boolean;
  'data-testid'?: string;
};

/** The confirming button. It does not close the dialog by itself, so a failed action can keep it open. */
export const ConfirmButton = AlertDialogConfirm;

/** "Are you sure?": a trigger, a title and a description, then keep or confirm (the confirm does not close by itself). */
export function ConfirmDialog({ open, onOpenChange, trigger, title, description, cancelLabel, confirm, pending, 'data-testid': testId }: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger === undefined ? null : <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent data-testid={testId}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          {confirm}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
