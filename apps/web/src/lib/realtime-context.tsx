import type { ServerMessage } from '@coride/domain/rides';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { getToken } from './api';
import { useAuth } from './auth';
import { RealtimeClient, type RealtimeStatus } from './realtime';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/** Opens the socket while someone is signed in. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [client, setClient] = useState<RealtimeClient | null>(null);
  useEffect(() => {
    const token = getToken();
    if (!user || !token) return;
    const next = new RealtimeClient(token);
    next.start();
    setClient(next);
    return () => {
      next.stop();
      setClient(null);
    };
  }, [user]);
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
  const [status, setStatus] = useState<RealtimeStatus>(client?.status ?? 'closed');
  useEffect(() => {
    if (!client) return;
    setStatus(client.status);
    return client.onStatus(setStatus);
  }, [client]);
  return status;
}
