import { MESSAGES, textTooLongMax } from '../messages';
import { describeSchema, issuesOf, U1, U2, U3 } from '../__tests__/helpers';
import {
  AssignJobPositionRequestSchema,
  CreateUserRequestSchema,
  LinkDirectoryRequestSchema,
  UpdateUserRequestSchema,
  UserListQuerySchema,
  UserResponseSchema,
} from './users.schemas';

const v = MESSAGES.validation;

const validUser = {
  username: 'jperez',
  password: 'secreta123',
  nombre: 'Juan',
  apellido: 'Pérez',
  rol_uuid: U1,
  usuario_areas_uuid: [U2],
  descripcion_puesto_uuid: U3,
};

describeSchema(
  'CreateUserRequestSchema',
  CreateUserRequestSchema,
  [
    { name: 'a full user', input: validUser },
    { name: 'no job position', input: { ...validUser, descripcion_puesto_uuid: undefined } },
    { name: 'a cleared job position', input: { ...validUser, descripcion_puesto_uuid: null } },
    { name: 'an empty job position select', input: { ...validUser, descripcion_puesto_uuid: '' } },
    { name: 'several areas', input: { ...validUser, usuario_areas_uuid: [U2, U3] } },
    { name: 'unknown keys (stripped)', input: { ...validUser, uuid: U1, extra: 1 } },
  ],
  [
    {
      name: 'missing username',
      input: { ...validUser, username: undefined },
      path: 'username',
      message: v.usernameRequired,
    },
    { name: 'blank username', input: { ...validUser, username: '   ' }, path: 'username', message: v.usernameRequired },
    {
      name: 'username with a space',
      input: { ...validUser, username: 'juan perez' },
      path: 'username',
      message: v.usernameNoSpaces,
    },
    {
      name: 'username with a tab',
      input: { ...validUser, username: 'juan\tperez' },
      path: 'username',
      message: v.usernameNoSpaces,
    },
    {
      name: 'username too long',
      input: { ...validUser, username: 'a'.repeat(51) },
      path: 'username',
      message: textTooLongMax(50),
    },
    {
      name: 'missing password',
      input: { ...validUser, password: undefined },
      path: 'password',
      message: v.passwordMinLength,
    },
    { name: 'empty password', input: { ...validUser, password: '' }, path: 'password', message: v.passwordMinLength },
    {
      name: 'short password',
      input: { ...validUser, password: '1234567' },
      path: 'password',
      message: v.passwordMinLength,
    },
    {
      name: 'missing nombre',
      input: { ...validUser, nombre: undefined },
      path: 'nombre',
      message: v.nombreUserRequired,
    },
    { name: 'blank nombre', input: { ...validUser, nombre: ' ' }, path: 'nombre', message: v.nombreUserRequired },
    {
      name: 'nombre too long',
      input: { ...validUser, nombre: 'x'.repeat(101) },
      path: 'nombre',
      message: textTooLongMax(100),
    },
    {
      name: 'missing apellido',
      input: { ...validUser, apellido: undefined },
      path: 'apellido',
      message: v.apellidoRequired,
    },
    { name: 'missing rol', input: { ...validUser, rol_uuid: undefined }, path: 'rol_uuid', message: v.rolRequired },
    { name: 'empty rol', input: { ...validUser, rol_uuid: '' }, path: 'rol_uuid', message: v.rolRequired },
    { name: 'malformed rol', input: { ...validUser, rol_uuid: 'admin' }, path: 'rol_uuid', message: v.invalidUuid },
    {
      name: 'missing areas',
      input: { ...validUser, usuario_areas_uuid: undefined },
      path: 'usuario_areas_uuid',
      message: v.userAreaRequired,
    },
    {
      name: 'empty areas',
      input: { ...validUser, usuario_areas_uuid: [] },
      path: 'usuario_areas_uuid',
      message: v.userAreaRequired,
    },
    {
      name: 'malformed area',
      input: { ...validUser, usuario_areas_uuid: ['x'] },
      path: 'usuario_areas_uuid.0',
      message: v.invalidUuid,
    },
    {
      name: 'malformed job position',
      input: { ...validUser, descripcion_puesto_uuid: 'x' },
      path: 'descripcion_puesto_uuid',
      message: v.invalidUuid,
    },
  ],
);

describeSchema(
  'UpdateUserRequestSchema',
  UpdateUserRequestSchema,
  [
    { name: 'a full user', input: validUser },
    { name: 'no password', input: { ...validUser, password: undefined } },
    { name: 'blank password (unchanged)', input: { ...validUser, password: '' } },
    { name: 'no username (read-only on edit)', input: { ...validUser, username: undefined } },
    { name: 'reactivation', input: { ...validUser, activo: true } },
  ],
  [
    {
      name: 'short password',
      input: { ...validUser, password: 'abc' },
      path: 'password',
      message: v.passwordMinLength,
    },
    {
      name: 'username with spaces',
      input: { ...validUser, username: 'a b' },
      path: 'username',
      message: v.usernameNoSpaces,
    },
    { name: 'missing nombre', input: { ...validUser, nombre: '' }, path: 'nombre', message: v.nombreUserRequired },
    { name: 'missing apellido', input: { ...validUser, apellido: '' }, path: 'apellido', message: v.apellidoRequired },
    { name: 'missing rol', input: { ...validUser, rol_uuid: '' }, path: 'rol_uuid', message: v.rolRequired },
    {
      name: 'empty areas',
      input: { ...validUser, usuario_areas_uuid: [] },
      path: 'usuario_areas_uuid',
      message: v.userAreaRequired,
    },
    { name: 'activo not boolean', input: { ...validUser, activo: 'si' }, path: 'activo', message: v.invalidBoolean },
  ],
);

describe('user request transforms', () => {
  it('drops a blank password on update', () => {
    const out = UpdateUserRequestSchema.parse({ ...validUser, password: '  ' });
    expect(out.password).toBeUndefined();
  });
  it('turns an empty job position into null (cleared) and keeps undefined as unchanged', () => {
    expect(
      CreateUserRequestSchema.parse({ ...validUser, descripcion_puesto_uuid: '' }).descripcion_puesto_uuid,
    ).toBeNull();
    expect(
      UpdateUserRequestSchema.parse({ ...validUser, descripcion_puesto_uuid: undefined }).descripcion_puesto_uuid,
    ).toBeUndefined();
  });
  it('trims names and removes duplicate areas', () => {
    const out = CreateUserRequestSchema.parse({ ...validUser, nombre: ' Juan ', usuario_areas_uuid: [U2, U2] });
    expect(out.nombre).toBe('Juan');
    expect(out.usuario_areas_uuid).toEqual([U2]);
  });
});

describeSchema(
  'UserListQuerySchema',
  UserListQuerySchema,
  [
    { name: 'nothing', input: {} },
    {
      name: 'every filter',
      input: { page: '2', limit: '20', nombre: 'ju', apellido: 'ju', username: 'jp', area_uuid: U1 },
    },
    { name: 'blank filters', input: { nombre: '', area_uuid: '' } },
  ],
  [
    { name: 'page 0', input: { page: '0' }, path: 'page', message: v.invalidPage },
    { name: 'limit 101', input: { limit: '101' }, path: 'limit', message: v.invalidLimit },
    { name: 'malformed area', input: { area_uuid: 'x' }, path: 'area_uuid', message: v.invalidUuid },
  ],
);

describeSchema(
  'AssignJobPositionRequestSchema',
  AssignJobPositionRequestSchema,
  [
    { name: 'a position', input: { usuario_uuid: U1, descripcion_puesto_uuid: U2 } },
    { name: 'clearing', input: { usuario_uuid: U1, descripcion_puesto_uuid: null } },
  ],
  [
    { name: 'no user', input: { descripcion_puesto_uuid: U2 }, path: 'usuario_uuid', message: v.selectUser },
    {
      name: 'malformed position',
      input: { usuario_uuid: U1, descripcion_puesto_uuid: 'x' },
      path: 'descripcion_puesto_uuid',
      message: v.invalidUuid,
    },
  ],
);

describe('UserResponseSchema', () => {
  const user = {
    uuid: U1,
    username: 'jperez',
    nombre: 'Juan',
    apellido: 'Pérez',
    rol: { uuid: U2, nombre: 'Operario', permisos: ['read:task'] },
    rol_uuid: U2,
    activo: true,
    created_at: '2025-03-01T12:00:00.000Z',
    usuario_areas: [{ area_uuid: U3, area: { uuid: U3, nombre: 'Ventas' } }],
    usuario_areas_uuid: [U3],
    descripcion_puesto: null,
    descripcion_puesto_uuid: null,
    vinculo: null,
  };
  it('parses a user', () => expect(issuesOf(UserResponseSchema, user)).toEqual([]));
  it('parses a user linked to the company directory', () =>
    expect(
      issuesOf(UserResponseSchema, {
        ...user,
        vinculo: { proveedor: 'oidc', identificador: 'sub-1', emisor: 'https://login.empresa.example', gestiona_grupos: true },
      }),
    ).toEqual([]));
  it('never carries a password', () => {
    expect(UserResponseSchema.parse({ ...user, password: 'hash' })).not.toHaveProperty('password');
  });
});

describeSchema(
  'LinkDirectoryRequestSchema',
  LinkDirectoryRequestSchema,
  [
    { name: 'an OpenID subject', input: { proveedor: 'oidc', identificador: '248289761001', gestiona_grupos: false } },
    { name: 'an LDAP DN, managed by the groups', input: { proveedor: 'ldap', identificador: 'uid=marta,ou=people,dc=empresa', gestiona_grupos: true } },
  ],
  [
    { name: 'no provider', input: { identificador: 'x', gestiona_grupos: false }, path: 'proveedor', message: v.directoryProviderInvalid },
    { name: 'another provider', input: { proveedor: 'saml', identificador: 'x', gestiona_grupos: false }, path: 'proveedor', message: v.directoryProviderInvalid },
    { name: 'no identifier', input: { proveedor: 'oidc', gestiona_grupos: false }, path: 'identificador', message: v.directoryIdRequired },
    { name: 'a blank identifier', input: { proveedor: 'oidc', identificador: '   ', gestiona_grupos: false }, path: 'identificador', message: v.directoryIdRequired },
    { name: 'an identifier too long', input: { proveedor: 'oidc', identificador: 'x'.repeat(301), gestiona_grupos: false }, path: 'identificador', message: textTooLongMax(300) },
    { name: 'no management choice', input: { proveedor: 'oidc', identificador: 'x' }, path: 'gestiona_grupos', message: v.directoryManagedRequired },
  ],
);
