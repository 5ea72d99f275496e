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
