import type { AuthResponse, LoginRequest, PublicUser, RegisterRequest } from '@coride/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { apiRequest, getToken, setToken } from './api';

type AuthState = {
  user: PublicUser | null;
  /** True while a stored token is being verified at start-up. */
  isLoading: boolean;
  login(credentials: LoginRequest): Promise<PublicUser>;
  register(payload: RegisterRequest): Promise<PublicUser>;
  logout(): Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);
export const meQueryKey = ['/api/users/me'] as const;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setTokenState] = useState(getToken);

  const me = useQuery({
    queryKey: meQueryKey,
    enabled: Boolean(token),
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<PublicUser>('/api/users/me', { signal });
      } catch (error) {
        // The spec: a failed verification logs 'Auth failed' and drops the token.
        console.warn('Auth failed', error);
        setToken(null);
        setTokenState(null);
        return null;
      }
    },
  });

  const acceptSession = useCallback(
    (response: AuthResponse) => {
      setToken(response.token);
      setTokenState(response.token);
      queryClient.setQueryData(meQueryKey, response.user);
      return response.user;
    },
    [queryClient],
  );

  const value = useMemo<AuthState>(
    () => ({
      user: token ? (me.data ?? null) : null,
      isLoading: Boolean(token) && me.isPending,
      login: async (credentials) => acceptSession(await apiRequest<AuthResponse>('/api/login', { method: 'POST', body: credentials })),
      register: async (payload) => acceptSession(await apiRequest<AuthResponse>('/api/register', { method: 'POST', body: payload })),
      logout: async () => {
        try {
          await apiRequest('/api/logout', { method: 'POST' });
        } catch {
          // Signing out locally must work even if the server cannot be reached.
        }
        setToken(null);
        setTokenState(null);
        queryClient.clear();
      },
    }),
    [token, me.data, me.isPending, acceptSession, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside AuthProvider');
  return context;
}
