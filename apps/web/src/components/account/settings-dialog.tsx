import type { LucideIcon } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/query-state';

/**
 * A settings button that opens its panel in a dialog (the rider's profile). The panel's texts load on
 * the first opening, so the dialog waits for them inside, never the page.
 */
export function SettingsDialog({
  icon: Icon,
  label,
  testId,
  children,
}: {
  icon: LucideIcon;
  label: string;
  testId: string;
  /** The panel, headed by a <SettingsDialogHeader>: both may wait for their texts. */
  children: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full justify-start" data-testid={`${testId}-open`}>
          <Icon aria-hidden />
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl" data-testid={testId}>
        <Suspense fallback={<LoadingState />}>{children}</Suspense>
      </DialogContent>
    </Dialog>
  );
}

export function SettingsDialogHeader({ title, description }: { title: ReactNode; description: ReactNode }) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}
