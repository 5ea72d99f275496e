import { toast } from '@/components/ui/use-toast';

/** The spec's error toasts ('Error' + what failed), with the server's reason underneath when it gave one. */
export function showErrorToast(title: string, summary: string, error: unknown): void {
  const reason = error instanceof Error && error.message && error.message !== summary ? error.message : null;
  toast({
    title,
    variant: 'destructive',
    description: reason ? (
      <>
        <span className="block">{summary}</span>
        <span className="block">{reason}</span>
      </>
    ) : (
      summary
    ),
  });
}
