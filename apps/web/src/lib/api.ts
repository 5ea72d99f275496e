import type { ApiError } from '@coride/domain/errors';
import { errorInReadersLanguage } from './error-text';

export const TOKEN_KEY = 'token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

/** An API error with the server's human message, its machine code and per-field messages. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type RequestOptions = { method?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal };

/** JSON in and out, with the bearer token when one is stored. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiResponse(path, options)).data as T;
}

/**
 * The body and the headers of a call (a paged list's next cursor is a header: lib/api-page.ts), with
 * the errors of `apiRequest`.
 */
export async function apiResponse(
  path: string,
  { method = 'GET', body, headers = {}, signal }: RequestOptions = {},
): Promise<{ data: unknown; headers: Headers }> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError(0, await errorInReadersLanguage('NETWORK', 'Cannot reach the server. Check your connection and try again.'), 'NETWORK');
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    if (isApiError(data)) throw new ApiRequestError(response.status, await errorInReadersLanguage(data.code, data.error), data.code, data.fields);
    // The spec's generic form: "status: body" (or the status text when the body is empty).
    throw new ApiRequestError(response.status, await errorInReadersLanguage('HTTP_ERROR', `${response.status}: ${text || response.statusText}`), 'HTTP_ERROR');
  }
  return { data, headers: response.headers };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A hand-written guard rather than the zod schema: the API client is on every page, zod is not. */
function isApiError(data: unknown): data is ApiError {
  if (typeof data !== 'object' || data === null) return false;
  const candidate = data as Record<string, unknown>;
  return typeof candidate.error === 'string' && typeof candidate.code === 'string';
}
