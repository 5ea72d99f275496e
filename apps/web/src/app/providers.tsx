import { lazy, Suspense, type ReactNode } from 'react';
import { useToasts } from '@/components/ui/use-toast';
import { AuthProvider } from '@/lib/auth';

// Toasts appear after something happens, never on the first paint: their code (Radix Toast) loads
// with the first toast, so a page that raises none never downloads it.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

function ToasterOnceNeeded() {
  const hasToasts = useToasts().length > 0;
  return hasToasts ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      {children}
      <ToasterOnceNeeded />
    </AuthProvider>
  );
}
