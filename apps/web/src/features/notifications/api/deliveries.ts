import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_ROUTES, type DeliveryChannel, type DeliveryListQuery } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';

const DELIVERIES_KEY = ['notifications', 'deliveries'] as const;

/** What the screen's filters hold; blanks are left out of the query. */
export interface DeliveryFilterValues {
  canal: string | null;
  estado: string | null;
  desde: string | null;
  hasta: string | null;
}

export const EMPTY_DELIVERY_FILTERS: DeliveryFilterValues = { canal: null, estado: null, desde: null, hasta: null };

export function useDeliveries(filters: DeliveryFilterValues, page: number) {
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Partial<DeliveryListQuery>;
  return useQuery({
    queryKey: [...DELIVERIES_KEY, filters, page],
    queryFn: () => apiRequest(NOTIFICATIONS_ROUTES.deliveries, { query: { ...query, page, limit: 20 } }),
    placeholderData: keepPreviousData,
  });
}

/** A test to oneself on one channel; the log then shows how it went. */
export function useSendTest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (canal: DeliveryChannel) => apiRequest(NOTIFICATIONS_ROUTES.sendTest, { body: { canal } }),
    onSettled: () => client.invalidateQueries({ queryKey: DELIVERIES_KEY }),
  });
}
