import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest } from './api';

/** The spec's fetch default: the URL is the query key joined with '/'. */
const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => apiRequest(queryKey.map(String).join('/'), { signal });

/** Spec section 7: data never goes stale on its own, no refetch on focus, no polling, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { queryFn: defaultQueryFn, staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Another person (or nobody) is signed in now: nothing cached for the previous one may show. Every
 * query goes back to its empty state and the ones on screen are read again; pending mutations are
 * dropped. The queries stay in the cache: a screen mounted for the new person in the same commit
 * (the documents step right after sign-up) keeps its place in it, where `clear()` would cut it off
 * so that no later invalidation ever refreshed it.
 */
export function forgetPreviousUser(client: QueryClient): Promise<void> {
  client.getMutationCache().clear();
  return client.resetQueries();
}
