import type { ServerMessage } from '@coride/domain/rides';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { getToken } from './api';
import { useAuth } from './auth';
import { RealtimeClient, type RealtimeStatus } from './realtime';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/** Opens the socket while someone is signed in. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id;
  // A new client per signed-in person; the effect below opens and closes its socket.
  const client = useMemo(() => {
    const token = getToken();
    return userId && token ? new RealtimeClient(token) : null;
  }, [userId]);
  useEffect(() => {
    if (!client) return;
    client.start();
    return () => client.stop();
  }, [client]);
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export function useRealtimeClient(): RealtimeClient | null {
  return useContext(RealtimeContext);
}

/** Calls `handler` for every server message; the latest handler is used without re-subscribing. */
export function useRealtimeMessages(handler: (message: ServerMessage) => void): void {
  const client = useRealtimeClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client?.subscribe((message) => latest.current(message)), [client]);
}

/** Runs `refetch` after every reconnection, so state missed while offline is re-read over HTTP. */
export function useOnReconnected(refetch: () => void): void {
  const client = useRealtimeClient();
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  useEffect(() => client?.onReconnected(() => latest.current()), [client]);
}

export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtimeClient();
  const subscribe = useCallback((onChange: () => void) => client?.onStatus(onChange) ?? (() => undefined), [client]);
  return useSyncExternalStore(
    subscribe,
    () => client?.status ?? 'closed',
    () => 'closed',
  );
}
