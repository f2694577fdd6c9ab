import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_ROUTES, type NotificationPreferencesRequestInput } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';

const PREFERENCES_KEY = ['notifications', 'preferences'] as const;

/** Perfil > Avisos: the person's own channels per kind, e-mail address and quiet hours. */
export function useNotificationPreferences() {
  return useQuery({ queryKey: PREFERENCES_KEY, queryFn: () => apiRequest(NOTIFICATIONS_ROUTES.preferences) });
}

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesRequestInput) => apiRequest(NOTIFICATIONS_ROUTES.updatePreferences, { body }),
    onSuccess: (saved) => client.setQueryData(PREFERENCES_KEY, saved),
  });
}
