import type { NotificationChoiceForm } from '@prism/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Under ['user']: a logout forgets it with the rest of the account. */
const notificationsKey = ['user', 'notifications'] as const;

/** GET /app/user/notifications: the choices, and whether the bot can reach the player (linked, not blocked). */
export const useNotificationSettings = () => useQuery({ queryKey: notificationsKey, queryFn: () => api.notifications.get() });

/** POST /app/user/notifications: answers the stored choices, which replace the cached ones. */
export function useSaveNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: NotificationChoiceForm) => api.notifications.save(form),
    onSuccess: (saved) => queryClient.setQueryData(notificationsKey, saved),
  });
}
