import type { ApiError } from '@coride/domain/errors';

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
  return (await send(path, options)).data as T;
}

/**
 * The response header naming the next page's cursor: `NEXT_CURSOR_HEADER` of `@coride/domain/paging`,
 * spelled here so the client on every page does not import that module (and zod with it); a test checks
 * they agree.
 */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** One page of a paged list (contract §8) and the cursor of the next one, null on the last page. */
export type Page<T> = { items: T[]; nextCursor: string | null };

/** A paged list's query: `limit`, `before` and its filters; an empty or undefined value is left out. */
export type PageParams = Record<string, string | number | undefined>;

/** `path` with `params` as its query string, in a stable order, without the empty ones. */
export function pagePath(path: string, params: PageParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** A page of a paged list: the body is its items, `X-Next-Cursor` the `before` of the next page. */
export async function getPage<T>(path: string, params: PageParams = {}, { signal }: { signal?: AbortSignal } = {}): Promise<Page<T>> {
  const { data, headers } = await send(pagePath(path, params), { signal });
  return { items: Array.isArray(data) ? (data as T[]) : [], nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
}

async function send(path: string, { method = 'GET', body, headers = {}, signal }: RequestOptions): Promise<{ data: unknown; headers: Headers }> {
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
    throw new ApiRequestError(0, 'Cannot reach the server. Check your connection and try again.', 'NETWORK');
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    if (isApiError(data)) throw new ApiRequestError(response.status, data.error, data.code, data.fields);
    // The spec's generic form: "status: body" (or the status text when the body is empty).
    throw new ApiRequestError(response.status, `${response.status}: ${text || response.statusText}`, 'HTTP_ERROR');
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
