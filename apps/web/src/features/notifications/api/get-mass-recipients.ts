/**
 * How many people a send to everyone reaches now (the API counts the same
 * active users of the caller's scope that the mass send delivers to).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_ROUTES, type MassRecipientsResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';

export function getMassRecipients(): Promise<MassRecipientsResponse> {
  return apiRequest(NOTIFICATIONS_ROUTES.massRecipients);
}

// Under 'users': a user created, edited or deactivated changes the count.
export function massRecipientsQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'notification-mass-recipients'],
    queryFn: getMassRecipients,
    // Asked when the confirmation opens: the figure is the one of that moment.
    staleTime: 0,
  });
}

export function useMassRecipients(enabled: boolean) {
  return useQuery({ ...massRecipientsQueryOptions(), enabled });
}
