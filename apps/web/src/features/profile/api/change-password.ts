import { useMutation } from '@tanstack/react-query';
import { USERS_ROUTES, type ChangePasswordRequest } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';

export function changePassword(id: string, body: ChangePasswordRequest) {
  return apiRequest(USERS_ROUTES.changePassword, { params: { id }, body });
}

export function useChangePassword(id: string) {
  return useMutation({ mutationFn: (body: ChangePasswordRequest) => changePassword(id, body) });
}
