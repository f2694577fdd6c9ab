import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATIONS_ROUTES,
  type SendMassNotificationRequest,
  type SendNotificationRequest,
  type SendNotificationResponse,
} from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
// The sender may be a recipient (mass send): its bell's count and inbox go stale.
import { NOTIFICATIONS_KEY } from './inbox';

export function sendNotification(body: SendNotificationRequest): Promise<SendNotificationResponse> {
  return apiRequest(NOTIFICATIONS_ROUTES.send, { body });
}

export function sendMassNotification(body: SendMassNotificationRequest): Promise<SendNotificationResponse> {
  return apiRequest(NOTIFICATIONS_ROUTES.sendMass, { body });
}

export function useSendNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendNotification,
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useSendMassNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendMassNotification,
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
