/** The person's own PIN for shared terminals (issue 34): whether it is set, and setting it. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TERMINALS_ROUTES, type SetOwnPinRequest } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';

export function myPinQueryOptions() {
  return queryOptions({
    queryKey: ['pin', 'mine'],
    queryFn: () => apiRequest(TERMINALS_ROUTES.myPin),
  });
}

export function useMyPin() {
  return useQuery(myPinQueryOptions());
}

export function useSetMyPin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SetOwnPinRequest) => apiRequest(TERMINALS_ROUTES.setMyPin, { body }),
    onSuccess: (answer) => client.setQueryData(myPinQueryOptions().queryKey, answer),
  });
}
