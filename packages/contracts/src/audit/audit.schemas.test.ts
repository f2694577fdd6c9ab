import { AuditEntrySchema, AuditQuerySchema, FailedLoginDetailSchema } from './audit.schemas';
import { auditFieldLabel } from './audit-fields';
import { MESSAGES } from '../messages';
import { TYPED_USERNAME_MAX } from '../constants';
import { issuesOf, U1 } from '../__tests__/helpers';

const entry = {
  id: '1',
  en: '2026-11-27T10:00:00.000Z',
  actor: { uuid: U1, nombre: 'Oscar', apellido: 'Pérez', username: 'operario' },
  accion: 'rechazado',
  recurso: 'ruta',
  recurso_uuid: null,
  registro: null,
  campos: [{ campo: 'ruta', etiqueta: 'Petición', antes: null, despues: 'POST /api/areas' }],
  dispositivo: null,
  detalle: { metodo: 'POST', ruta: '/api/areas' },
  ip: '127.0.0.1',
  veces: 50,
  ultima_en: '2026-11-27T10:00:06.000Z',
};

const paths = (schema: Parameters<typeof issuesOf>[0], input: unknown) => issuesOf(schema, input).map((i) => i.path);

describe('AuditEntrySchema: repeated entries', () => {
  it.each([
    { name: 'a refusal counted 50 times', input: entry },
    { name: 'a single entry', input: { ...entry, veces: 1, ultima_en: null } },
  ])('accepts $name', ({ input }) => {
    expect(issuesOf(AuditEntrySchema, input)).toEqual([]);
  });

  it.each([
    { name: 'no count', input: { ...entry, veces: undefined }, path: 'veces' },
    { name: 'a count of 0', input: { ...entry, veces: 0 }, path: 'veces' },
    { name: 'a fractional count', input: { ...entry, veces: 1.5 }, path: 'veces' },
    { name: 'no last time', input: { ...entry, ultima_en: undefined }, path: 'ultima_en' },
  ])('refuses $name', ({ input, path }) => {
    expect(paths(AuditEntrySchema, input)).toEqual([path]);
  });
});

describe('AuditEntrySchema: what a person reads', () => {
  const named = { ...entry, accion: 'editar', recurso: 'usuario', recurso_uuid: U1 };
  it.each([
    { name: 'a record by name', input: { ...named, registro: { nombre: 'Lucía Sosa (lsosa)', busqueda: 'lsosa', existe: true } } },
    { name: 'a deleted record', input: { ...named, registro: { nombre: 'Barnizado', busqueda: null, existe: false } } },
    { name: 'a device', input: { ...entry, dispositivo: 'Chrome en Android' } },
    { name: 'the new actions', input: { ...named, accion: 'bloqueo' } },
  ])('accepts $name', ({ input }) => {
    expect(issuesOf(AuditEntrySchema, input)).toEqual([]);
  });

  it.each([
    { name: 'no fields', input: { ...entry, campos: undefined }, path: 'campos' },
    { name: 'a field without label', input: { ...entry, campos: [{ campo: 'x', antes: null, despues: 'y' }] }, path: 'campos.0.etiqueta' },
    { name: 'a record without name', input: { ...named, registro: { busqueda: null, existe: true } }, path: 'registro.nombre' },
  ])('refuses $name', ({ input, path }) => {
    expect(paths(AuditEntrySchema, input)).toEqual([path]);
  });
});

describe('AuditQuerySchema: one record', () => {
  it('takes a record uuid and refuses anything else in Spanish', () => {
    expect(AuditQuerySchema.parse({ recurso_uuid: U1 })).toMatchObject({ recurso_uuid: U1 });
    expect(issuesOf(AuditQuerySchema, { recurso_uuid: 'x' }).map((i) => i.message)).toEqual([MESSAGES.validation.invalidUuid]);
  });
});

describe('auditFieldLabel', () => {
  it('labels stored keys in Spanish, and unknown ones as words', () => {
    expect(auditFieldLabel('usuario', 'rol_uuid')).toBe('Rol');
    expect(auditFieldLabel('tarea', 'activo')).toBe('Activa');
    expect(auditFieldLabel('usuario', 'metodo')).toBe('Método');
    expect(auditFieldLabel('usuario', 'algo_nuevo_uuid')).toBe('Algo nuevo');
  });
});

describe('FailedLoginDetailSchema', () => {
  const typed = 'x'.repeat(TYPED_USERNAME_MAX);
  it.each([
    { name: 'a name that is no account', input: { usuario: typed, sin_cuenta: true, motivo: 'usuario desconocido' } },
    { name: 'an account', input: { usuario: 'operario', sin_cuenta: false, motivo: 'contraseña incorrecta' } },
  ])('accepts $name', ({ input }) => {
    expect(issuesOf(FailedLoginDetailSchema, input)).toEqual([]);
  });

  it.each([
    { name: `a name over ${TYPED_USERNAME_MAX} characters`, input: { usuario: `${typed}x`, sin_cuenta: true, motivo: 'm' }, path: 'usuario' },
    { name: 'no account marker', input: { usuario: 'x', motivo: 'm' }, path: 'sin_cuenta' },
    { name: 'no reason', input: { usuario: 'x', sin_cuenta: true }, path: 'motivo' },
  ])('refuses $name', ({ input, path }) => {
    expect(paths(FailedLoginDetailSchema, input)).toEqual([path]);
  });
});
