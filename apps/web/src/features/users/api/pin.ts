/** A person's terminal PIN from user administration (issue 34): reset it (administrator), unlock it (supervisor). */
import { useMutation } from '@tanstack/react-query';
import { TERMINALS_ROUTES, type ResetPinRequest } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';

export function useResetPin() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResetPinRequest }) =>
      apiRequest(TERMINALS_ROUTES.resetPin, { params: { id }, body }),
  });
}

export function useUnlockPin() {
  return useMutation({
    mutationFn: (id: string) => apiRequest(TERMINALS_ROUTES.unlockPin, { params: { id } }),
  });
}
