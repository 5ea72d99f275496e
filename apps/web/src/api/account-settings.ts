/**
 * The signed-in person's account settings (contract §8, §9; ADR 026): notification preferences and
 * emergency contacts. Shared by the rider's profile, the driver console and the licensee's settings,
 * so it lives outside the features. Types only from the domain root.
 */
import type { EmergencyContact, EmergencyContactRequest, NotificationPreferences } from '@coride/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const notificationPreferencesQueryKey = ['/api/users/me/notification-preferences'] as const;
export const emergencyContactsQueryKey = ['/api/users/me/emergency-contacts'] as const;

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationPreferencesQueryKey,
    queryFn: ({ signal }) => apiRequest<NotificationPreferences>('/api/users/me/notification-preferences', { signal }),
  });
}

/** PUT the whole set; the cache takes what the server stored. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      apiRequest<NotificationPreferences>('/api/users/me/notification-preferences', { method: 'PUT', body: preferences }),
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQueryKey, saved),
  });
}

/** The user's emergency contacts, in the order they were added. */
export function useEmergencyContacts() {
  return useQuery({
    queryKey: emergencyContactsQueryKey,
    queryFn: ({ signal }) => apiRequest<EmergencyContact[]>('/api/users/me/emergency-contacts', { signal }),
  });
}

export function useAddEmergencyContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: EmergencyContactRequest) => apiRequest<EmergencyContact>('/api/users/me/emergency-contacts', { method: 'POST', body: contact }),
    onSuccess: (created) => queryClient.setQueryData<EmergencyContact[]>(emergencyContactsQueryKey, (list) => [...(list ?? []), created]),
  });
}

export function useRemoveEmergencyContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ ok: true }>(`/api/users/me/emergency-contacts/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => queryClient.setQueryData<EmergencyContact[]>(emergencyContactsQueryKey, (list) => list?.filter((c) => c.id !== id)),
  });
}
