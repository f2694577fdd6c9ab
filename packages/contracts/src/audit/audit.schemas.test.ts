import { AuditEntrySchema, FailedLoginDetailSchema } from './audit.schemas';
import { TYPED_USERNAME_MAX } from '../constants';
import { issuesOf, U1 } from '../__tests__/helpers';

const entry = {
  id: '1',
  en: '2026-11-27T10:00:00.000Z',
  actor: { uuid: U1, nombre: 'Oscar', apellido: 'Pérez', username: 'operario' },
  accion: 'rechazado',
  recurso: 'ruta',
  recurso_uuid: null,
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
