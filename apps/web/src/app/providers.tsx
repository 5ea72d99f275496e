import { lazy, Suspense, type ReactNode } from 'react';
import { AuthProvider } from '@/lib/auth';

// Toasts appear after something happens, never on the first paint: their code loads separately.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

export function Providers({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </AuthProvider>
  );
}
