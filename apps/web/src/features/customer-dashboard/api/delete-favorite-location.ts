import type { FavoriteLocation } from '@coride/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { favoriteLocationsQueryKey } from '@/api/favorite-locations';

export function deleteFavoriteLocation(id: string): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`/api/favorite-locations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteFavoriteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteFavoriteLocation(id),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<FavoriteLocation[]>(favoriteLocationsQueryKey, (list) => list?.filter((f) => f.id !== id));
    },
  });
}
