import type { FavoriteLocation } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { favoriteLocationsQueryKey } from '@/api/favorite-locations';

export type FavoriteLocationChanges = Partial<Omit<FavoriteLocation, 'id'>>;

/** Renames a saved place or moves it to another address (only the fields given change). */
export function updateFavoriteLocation(id: string, changes: FavoriteLocationChanges): Promise<FavoriteLocation> {
  return apiRequest<FavoriteLocation>(`/api/favorite-locations/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

export function useUpdateFavoriteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: FavoriteLocationChanges }) => updateFavoriteLocation(id, changes),
    onSuccess: (updated) => {
      queryClient.setQueryData<FavoriteLocation[]>(favoriteLocationsQueryKey, (list) => list?.map((f) => (f.id === updated.id ? updated : f)));
    },
  });
}
