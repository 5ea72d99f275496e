import type { AdminTerritory, TerritoryStatus } from '@coride/domain/territories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '@/components/paged-list/use-paged-list';
import { apiRequest } from '@/lib/api';

export const adminTerritoriesQueryKey = ['/api/admin/territories'] as const;

/** Every territory, newest first, a page at a time; `q` matches its name, a zip code or its licensee, `status` keeps one. */
export function useAdminTerritories({ q, status }: { q: string; status: TerritoryStatus | undefined }) {
  return usePagedList<AdminTerritory>({
    queryKey: [...adminTerritoriesQueryKey, { q, status }],
    path: '/api/admin/territories',
    params: { q, status },
    limit: 20,
  });
}

const territoryPath = (id: string, action: string) => `/api/admin/territories/${encodeURIComponent(id)}/${action}`;

/** Changes a territory, then reads the list again (every page read). */
function useTerritoryChange<Input>(send: (input: Input) => Promise<AdminTerritory>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTerritoriesQueryKey }),
  });
}

/** Gives the territory exactly these zip codes: 422 ZIP_NOT_IN_LICENCE or 409 ZIP_TAKEN name each refused one in `fields`. */
export function useChangeTerritoryZipCodes() {
  return useTerritoryChange(({ id, zipCodes }: { id: string; zipCodes: string[] }) =>
    apiRequest<AdminTerritory>(territoryPath(id, 'zip-codes'), { method: 'PUT', body: { zipCodes } }),
  );
}

/** Suspends or reinstates the territory with a reason (kept in its audit trail). */
export function useSetTerritoryStatus() {
  return useTerritoryChange(({ id, action, reason }: { id: string; action: 'suspend' | 'reinstate'; reason: string }) =>
    apiRequest<AdminTerritory>(territoryPath(id, action), { method: 'POST', body: { reason } }),
  );
}
