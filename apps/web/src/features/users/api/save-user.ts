import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  USERS_ROUTES,
  type CreateUserRequest,
  type UpdateUserRequest,
  type UserResponse,
} from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { appendToList, replaceInLists } from '../../../lib/paged-cache';
import { USERS_LIST_KEY } from './get-users';

export function createUser(body: CreateUserRequest): Promise<UserResponse> {
  return apiRequest(USERS_ROUTES.create, { body });
}

export function updateUser(id: string, body: UpdateUserRequest): Promise<UserResponse> {
  return apiRequest(USERS_ROUTES.update, { params: { id }, body });
}

export function deleteUser(id: string): Promise<UserResponse> {
  return apiRequest(USERS_ROUTES.remove, { params: { id } });
}

/** `listKey`: the page on screen, which receives the new user before the refetch. */
export function useCreateUser(listKey: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: async (user) => {
      appendToList(client, listKey, user);
      await client.invalidateQueries({ queryKey: USERS_LIST_KEY });
    },
  });
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUserRequest }) => updateUser(id, body),
    onSuccess: async (user) => {
      replaceInLists(client, USERS_LIST_KEY, user);
      client.setQueryData(['users', 'detail', user.uuid], user);
      await client.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

/**
 * A delete deactivates (DECISIONS section 4): the answer is the user with
 * `activo: false`, which replaces its row, so it stays listed as Inactivo
 * and the total does not change (SPEC section 4).
 */
export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async (user) => {
      replaceInLists(client, USERS_LIST_KEY, user);
      await client.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

/**
 * Reactivates a user a delete deactivated: the edit of its current record with
 * `activo: true` (blank password and no job position keep theirs; `update:user`).
 */
export function reactivateUser(user: UserResponse): Promise<UserResponse> {
  return updateUser(user.uuid, {
    nombre: user.nombre,
    apellido: user.apellido,
    rol_uuid: user.rol_uuid,
    usuario_areas_uuid: user.usuario_areas_uuid,
    activo: true,
  });
}

export function useReactivateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reactivateUser,
    onSuccess: async (user) => {
      replaceInLists(client, USERS_LIST_KEY, user);
      await client.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
