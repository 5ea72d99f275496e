import type { AuthResponse, LoginRequest, PublicUser, RegisterRequest } from '@coride/domain';
import { isLanguageCode } from '@coride/domain/languages';
import i18n from 'i18next';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { apiRequest, getToken, setToken } from './api';

type AuthState = {
  user: PublicUser | null;
  /** True while a stored token is being verified at start-up. */
  isLoading: boolean;
  login(credentials: LoginRequest): Promise<PublicUser>;
  register(payload: RegisterRequest): Promise<PublicUser>;
  logout(): Promise<void>;
  /** Takes the user as the server now answers it (a profile edit, a confirmed email). */
  updateUser(user: PublicUser): void;
};

const AuthContext = createContext<AuthState | null>(null);

/**
 * A stored session is checked as soon as this code runs, not once React has drawn the first time:
 * a signed-in page waits for the answer, and the translations' start and the first render took a few
 * hundred milliseconds on a phone before the request even left (docs/decisions/023).
 */
const startupCheck = getToken() === null ? null : apiRequest<PublicUser>('/api/users/me');
startupCheck?.catch(() => undefined); // handled where it is used; not an unhandled rejection before that

/**
 * Who is signed in. Plain state rather than a query cache: it is on every page's first screen,
 * including the landing page, which needs no other server data.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<PublicUser | null>(null);
  const [isLoading, setIsLoading] = useState(() => startupCheck !== null);

  useEffect(() => {
    if (startupCheck === null || getToken() === null) return;
    let isCurrent = true;
    startupCheck
      .then((checked) => {
        if (isCurrent) setUser(checked);
      })
      .catch((error: unknown) => {
        if (!isCurrent) return;
        // The spec: a failed verification logs 'Auth failed' and drops the token.
        console.warn('Auth failed', error);
        setToken(null);
      })
      .finally(() => {
        if (isCurrent) setIsLoading(false);
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  const acceptSession = useCallback((response: AuthResponse) => {
    setToken(response.token);
    setUser(response.user);
    setIsLoading(false);
    return response.user;
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      user,
      isLoading,
      login: async (credentials) => acceptSession(await apiRequest<AuthResponse>('/api/login', { method: 'POST', body: credentials })),
      // The account's mails are written in the language the app is shown in at sign-up.
      register: async (payload) =>
        acceptSession(
          await apiRequest<AuthResponse>('/api/register', {
            method: 'POST',
            body: { ...payload, language: payload.language ?? (isLanguageCode(i18n.language) ? i18n.language : undefined) },
          }),
        ),
      logout: async () => {
        try {
          await apiRequest('/api/logout', { method: 'POST' });
        } catch {
          // Signing out locally must work even if the server cannot be reached.
        }
        setToken(null);
        setUser(null);
      },
      updateUser: setUser,
    }),
    [user, isLoading, acceptSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside AuthProvider');
  return context;
}
