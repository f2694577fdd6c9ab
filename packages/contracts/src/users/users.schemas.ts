import { z } from 'zod';
import { MESSAGES, textTooLongMax } from '../messages';
import { TEXT_LIMITS } from '../constants';
import { IsoDateTimeSchema, PageQuerySchema, UuidSchema, pagedResponseSchema } from '../common/common.schemas';
import { AreaRefSchema, RoleRefSchema } from '../common/refs.schemas';
import { JobPositionRefSchema } from '../auth/auth.schemas';
import {
  booleanInput,
  clearableUuid,
  queryText,
  queryUuid,
  requiredText,
  requiredUuid,
  requiredUuidList,
} from '../common/fields';

const v = MESSAGES.validation;

/** Required, no whitespace anywhere (a blank value reports "required", not "spaces"). */
const UsernameSchema = z
  .string({ error: v.usernameRequired })
  .refine((s) => s.trim().length > 0, { error: v.usernameRequired, abort: true })
  .regex(/^\S+$/, { error: v.usernameNoSpaces })
  .max(TEXT_LIMITS.username, { error: textTooLongMax(TEXT_LIMITS.username) });

/** Create: required, at least 8 characters (DECISIONS section 3 gives one text for both). */
const NewPasswordSchema = z
  .string({ error: v.passwordMinLength })
  .min(8, { error: v.passwordMinLength })
  .max(TEXT_LIMITS.password, { error: textTooLongMax(TEXT_LIMITS.password) });

/** Edit: blank (or missing / null) means "unchanged" and becomes undefined. */
const OptionalPasswordSchema = z.preprocess(
  (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
  NewPasswordSchema.optional(),
);

const userFields = {
  nombre: requiredText(v.nombreUserRequired, TEXT_LIMITS.name),
  apellido: requiredText(v.apellidoRequired, TEXT_LIMITS.name),
  rol_uuid: requiredUuid(v.rolRequired),
  usuario_areas_uuid: requiredUuidList(v.userAreaRequired),
  /** Optional and clearable: `null`/`''` clears the job position, missing leaves it as is. */
  descripcion_puesto_uuid: clearableUuid(),
};

export const CreateUserRequestSchema = z.object({
  username: UsernameSchema,
  password: NewPasswordSchema,
  ...userFields,
});
export type CreateUserRequest = z.infer<typeof CreateUserRequestSchema>;
export type CreateUserRequestInput = z.input<typeof CreateUserRequestSchema>;

/**
 * Edit: same fields; `password` blank means unchanged; `username` is read-only on
 * the screen and may be omitted (when sent it is validated like on create).
 * `activo: true` reactivates a user that a delete deactivated.
 */
export const UpdateUserRequestSchema = z.object({
  username: UsernameSchema.optional(),
  password: OptionalPasswordSchema,
  ...userFields,
  activo: booleanInput(),
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;
export type UpdateUserRequestInput = z.input<typeof UpdateUserRequestSchema>;

export const UserAreaSchema = z.object({ area_uuid: UuidSchema, area: AreaRefSchema });

/**
 * The role of a listed user, with its permissions: the users screen decides with
 * them which actions the caller may take on the user (see `userManageRefusal`).
 */
export const UserRoleSchema = RoleRefSchema.extend({ permisos: z.array(z.string()) });
export type UserRole = z.infer<typeof UserRoleSchema>;

/** A user as the API answers it. Never carries a password. */
/** How a user signs in with the company directory, when it is linked to one. */
export const DirectoryLinkSchema = z.object({
  /** `oidc`: OpenID Connect (issuer + subject); `ldap`: the directory entry (entryUUID or DN). */
  proveedor: z.enum(['oidc', 'ldap']),
  identificador: z.string(),
  /** OpenID's issuer; null for LDAP. */
  emisor: z.string().nullable(),
  /** The group map sets the role and areas at each sign-in. */
  gestiona_grupos: z.boolean(),
});
export type DirectoryLink = z.infer<typeof DirectoryLinkSchema>;

/**
 * `PUT /api/users/:id/directory-link`: an administrator links a user to a directory identity.
 * OpenID: the subject (`sub`) at the configured issuer. LDAP: the directory's username, an
 * entryUUID or a DN; the server looks the entry up and keeps its entryUUID (or its DN).
 */
export const LinkDirectoryRequestSchema = z.object({
  proveedor: z.enum(['oidc', 'ldap'], { error: v.directoryProviderInvalid }),
  identificador: z
    .string({ error: v.directoryIdRequired })
    .trim()
    .min(1, { error: v.directoryIdRequired })
    .max(300, { error: textTooLongMax(300) }),
  gestiona_grupos: z.boolean({ error: v.directoryManagedRequired }),
});
export type LinkDirectoryRequest = z.infer<typeof LinkDirectoryRequestSchema>;

export const UserResponseSchema = z.object({
  uuid: UuidSchema,
  username: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  rol: UserRoleSchema,
  rol_uuid: UuidSchema,
  activo: z.boolean(),
  created_at: IsoDateTimeSchema,
  usuario_areas: z.array(UserAreaSchema),
  usuario_areas_uuid: z.array(UuidSchema),
  descripcion_puesto: JobPositionRefSchema.nullable(),
  descripcion_puesto_uuid: UuidSchema.nullable(),
  /** Its link to the company directory; null for a local user (signs in with its password). */
  vinculo: DirectoryLinkSchema.nullable(),
});
export type UserResponse = z.infer<typeof UserResponseSchema>;

/**
 * `GET /api/users`. The screen sends its name filter in both `nombre` and
 * `apellido`: the two are matched with OR between them (each a case- and
 * accent-insensitive "contains"); `username` and `area_uuid` narrow with AND.
 */
export const UserListQuerySchema = PageQuerySchema.extend({
  nombre: queryText(),
  apellido: queryText(),
  username: queryText(),
  area_uuid: queryUuid(),
  activo: booleanInput(),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const UserListResponseSchema = pagedResponseSchema(UserResponseSchema);
export type UserListResponse = z.infer<typeof UserListResponseSchema>;

/** A user in the pickers (task form, board filter): names plus their area uuids. */
export const UserOptionSchema = z.object({
  uuid: UuidSchema,
  nombre: z.string(),
  apellido: z.string(),
  username: z.string(),
  activo: z.boolean(),
  usuario_areas_uuid: z.array(UuidSchema),
});

/** `GET /api/users/:id/area-users`: the active users of every area the user `:id` belongs to. */
export const UsersOfAreasOfUserResponseSchema = z.array(UserOptionSchema);
export type UsersOfAreasOfUserResponse = z.infer<typeof UsersOfAreasOfUserResponseSchema>;

/** `POST /api/job-description-user`: sets (or, with `null`, clears) a user's job position. */
export const AssignJobPositionRequestSchema = z.object({
  usuario_uuid: requiredUuid(v.selectUser),
  descripcion_puesto_uuid: z.preprocess((value) => (value === '' ? null : value), UuidSchema.nullable()),
});
export type AssignJobPositionRequest = z.infer<typeof AssignJobPositionRequestSchema>;
