import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { OkResponseSchema, UuidParamSchema } from '../common/common.schemas';
import { ChangePasswordRequestSchema } from '../auth/auth.schemas';
import {
  AssignJobPositionRequestSchema,
  CreateUserRequestSchema,
  UpdateUserRequestSchema,
  UserListQuerySchema,
  UserListResponseSchema,
  LinkDirectoryRequestSchema,
  UserResponseSchema,
  UsersOfAreasOfUserResponseSchema,
} from './users.schemas';

export const USERS_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/users',
    access: { anyOf: ['read:user:all', 'read:user'] },
    query: UserListQuerySchema,
    response: UserListResponseSchema,
    status: 200,
    summary: 'Lista paginada de usuarios: read:user:all ve todos; read:user solo los de sus áreas.',
  }),
  /** Under the user, not `/api/users/areas/:id` (SPEC.md): that path and `/api/users/:id/change-password` match the same URLs. */
  usersOfAreasOfUser: defineRoute({
    method: 'GET',
    path: '/api/users/:id/area-users',
    access: 'authenticated',
    params: UuidParamSchema,
    response: UsersOfAreasOfUserResponseSchema,
    status: 200,
    summary:
      'Usuarios activos de las áreas del usuario :id. Regla en el servicio: el propio usuario, o read:user / read:user:all.',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/users/:id',
    access: 'authenticated',
    params: UuidParamSchema,
    response: UserResponseSchema,
    status: 200,
    summary: 'Un usuario. Regla en el servicio: el propio usuario, o read:user:all, o read:user dentro de sus áreas.',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/users',
    access: { anyOf: ['create:user'] },
    body: CreateUserRequestSchema,
    response: UserResponseSchema,
    status: 201,
    conflicts: [MESSAGES.errors.usernameTaken],
    errors: { 403: [MESSAGES.errors.roleNotGrantable] },
    summary:
      'Crea un usuario (409 si el nombre de usuario existe; un supervisor solo en sus áreas y con roles que no excedan sus permisos).',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/users/:id',
    access: { anyOf: ['update:user'] },
    params: UuidParamSchema,
    body: UpdateUserRequestSchema,
    response: UserResponseSchema,
    status: 200,
    conflicts: [MESSAGES.errors.lastAdministrator],
    errors: {
      400: [MESSAGES.errors.cannotDeactivateSelf],
      403: [MESSAGES.errors.roleNotGrantable, MESSAGES.errors.userRoleAboveEdit],
    },
    summary: 'Edita un usuario; contraseña en blanco = sin cambios (un supervisor solo en sus áreas).',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/users/:id',
    access: { anyOf: ['delete:user'] },
    params: UuidParamSchema,
    response: UserResponseSchema,
    status: 200,
    conflicts: [MESSAGES.errors.lastAdministrator],
    errors: { 400: [MESSAGES.errors.cannotDeactivateSelf], 403: [MESSAGES.errors.userRoleAboveDelete] },
    summary: 'Desactiva el usuario (activo=false), revoca sus sesiones y devuelve el registro.',
  }),
  linkDirectory: defineRoute({
    method: 'PUT',
    path: '/api/users/:id/directory-link',
    access: { allOf: ['read:user:all', 'update:user'] },
    params: UuidParamSchema,
    body: LinkDirectoryRequestSchema,
    response: UserResponseSchema,
    status: 200,
    conflicts: [MESSAGES.errors.ssoIdentityTaken, MESSAGES.errors.lastAdministrator],
    summary:
      'Vincula el usuario a una cuenta de la empresa (OpenID: sub del emisor configurado; LDAP: usuario, entryUUID o DN). Desde entonces ingresa solo con el directorio; con gestiona_grupos, los grupos fijan su rol y áreas.',
  }),
  unlinkDirectory: defineRoute({
    method: 'DELETE',
    path: '/api/users/:id/directory-link',
    access: { allOf: ['read:user:all', 'update:user'] },
    params: UuidParamSchema,
    response: UserResponseSchema,
    status: 200,
    summary: 'Quita el vínculo con la cuenta de la empresa: el usuario vuelve a ser local (necesita que se le fije una contraseña).',
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/users/:id/change-password',
    access: 'authenticated',
    params: UuidParamSchema,
    body: ChangePasswordRequestSchema,
    response: OkResponseSchema,
    status: 200,
    errors: {
      400: [MESSAGES.errors.currentPasswordWrong],
      403: [MESSAGES.errors.onlyOwnPassword],
      429: [MESSAGES.errors.tooManyPasswordAttempts],
    },
    summary:
      'Cambia la contraseña. Regla en el servicio: solo el propio usuario (:id = sub) y currentPassword debe coincidir.',
  }),
  /** The job-position assignment lives here, not in JOB_POSITIONS_ROUTES. */
  assignJobPosition: defineRoute({
    method: 'POST',
    path: '/api/job-description-user',
    access: { anyOf: ['update:user'] },
    body: AssignJobPositionRequestSchema,
    response: UserResponseSchema,
    status: 200,
    summary: 'Asigna (o con null quita) el puesto de trabajo de un usuario; devuelve el usuario.',
  }),
} as const;
