import type { LicenseeBusinessProfile } from '@coride/domain/territories';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const businessProfileQueryKey = ['/api/licensee/business-profile'] as const;

/** The licensee's business details (its application's and account's until the first save). */
export const businessProfileQueryOptions = () =>
  queryOptions({
    queryKey: businessProfileQueryKey,
    queryFn: ({ signal }) => apiRequest<LicenseeBusinessProfile>('/api/licensee/business-profile', { signal }),
  });

export function useBusinessProfile() {
  return useQuery(businessProfileQueryOptions());
}

/** Saves them (400 with a message per field the rules refuse); the answer becomes the cached profile. */
export function useSaveBusinessProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: LicenseeBusinessProfile) => apiRequest<LicenseeBusinessProfile>('/api/licensee/business-profile', { method: 'PUT', body: profile }),
    onSuccess: (saved) => queryClient.setQueryData(businessProfileQueryKey, saved),
  });
}
