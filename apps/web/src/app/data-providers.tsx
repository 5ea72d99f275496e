import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useAuth } from '@/lib/auth';
import { createQueryClient, forgetPreviousUser } from '@/lib/query-client';
import { RealtimeProvider } from '@/lib/realtime-context';
import { DisputeNotices } from './dispute-notices';

/** One cache for the whole visit, shared by every page that fetches data (and the router's prefetches). */
export const queryClient = createQueryClient();

/**
 * Server data and the realtime socket, loaded with the first page that needs them (the dashboards,
 * booking) so the landing page's first screen does not carry them; and the notices any of those
 * pages shows (a resolved dispute).
 */
export function DataProviders({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const previousUserId = useRef(user?.id);
  useEffect(() => {
    // Another person (or nobody) is signed in now: nothing cached for the previous one may show.
    if (previousUserId.current !== user?.id) void forgetPreviousUser(queryClient);
    previousUserId.current = user?.id;
  }, [user?.id]);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        {children}
        <DisputeNotices />
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
