import { API_ROUTES, ErrorBodySchema, type RouteDescriptor, routeKey } from '@gestar/contracts';
import { z } from 'zod';
import { createTestApp, parseWith, TestApp, tokenFor } from './support/test-app';

/**
 * Every message a client can provoke with a malformed request is Spanish, the
 * validator's generic ones included: for every route with a body, a JSON array
 * as the body and each field given a value of the wrong type; for every route
 * with a query, each parameter repeated (`?titulo=a&titulo=b`). The answers are
 * compared with the literal texts below, written here and not read from the
 * contracts, and none may carry zod's English.
 */

/** The texts these requests may answer, as a person reads them. */
const EXPECTED_TEXTS = [
  'El límite de comentarios debe ser un número entero entre 1 y 100',
  'El comentario indicado en «antes» no pertenece a esta tarea',
  'Su cuenta de la empresa no tiene un usuario en Gestar. Pida a un administrador que lo cree.',
  'Su cuenta de la empresa no pertenece a ningún grupo habilitado para Gestar.',
  'El ingreso con la cuenta de la empresa no está bien configurado. Avise a un administrador.',
  'No se pudo completar el ingreso con la cuenta de la empresa. Intente nuevamente.',
  'Seleccione el ingreso de la empresa: OpenID (oidc) o LDAP (ldap)',
  'Ingrese el identificador de la cuenta de la empresa',
  'Indique si los grupos del directorio administran el rol y las áreas (verdadero o falso)',
  'El valor elegido no es una opción válida',
  'La sesión se cerró. Inicie sesión nuevamente.',
  'El ticket del flujo de eventos no es válido o ya se usó',
  'Demasiados intentos con la contraseña actual. Intente nuevamente en unos minutos.',
  'La clave de idempotencia (encabezado Idempotency-Key) debe ser un UUID',
  'La clave de idempotencia ya se usó con otra solicitud; genere una clave nueva para cada cambio',
  'Una solicitud con esta clave de idempotencia todavía está en curso; intente nuevamente en unos segundos',
  'Los datos enviados deben ser un objeto JSON',
  'El identificador no es válido',
  'El valor debe ser verdadero o falso',
  'La página debe ser un número entero mayor o igual a 1',
  'El límite debe ser un número entero entre 1 y 100',
  'La fecha no es válida',
  'El usuario es requerido',
  'La contraseña es requerida',
  'La sesión no es válida, inicie sesión nuevamente',
  'Usuario es requerido',
  'La contraseña debe tener al menos 8 caracteres',
  'Nombre es requerido',
  'Apellido es requerido',
  'Rol es requerido',
  'Área del usuario es requerida',
  'La contraseña actual es requerida',
  'La nueva contraseña es requerida',
  'La confirmación de la contraseña es requerida',
  'Debe seleccionar un usuario',
  'El nombre es requerido',
  'La descripción es requerida',
  'La descripción tiene un formato no válido',
  'El orden es requerido',
  'La categoría debe ser Pendiente, En curso o Terminada',
  'El color debe ser un valor hexadecimal válido',
  'El título es requerido',
  'La regla de repetición no es válida',
  'Las repeticiones deben ser un número entero entre 1 y 1000',
  'La cantidad de fechas debe ser un número entero entre 1 y 50',
  'La fecha de fin no puede ser anterior a la primera ejecución',
  'Indique qué hacer en un día no laborable: omitir, siguiente_habil, anterior_habil o generar',
  'La anticipación debe ser un número entero de días entre 0 y 365',
  'El año debe ser un número entero entre 2000 y 2100',
  'Seleccione al menos una tarea',
  'La acción debe ser estado, archivar o reasignar',
  'El tipo de tarea es requerido',
  'El área es requerida',
  'Los usuarios asignados son requeridos',
  'La fecha de vencimiento es requerida',
  'La fecha es requerida',
  'El intervalo es requerido',
  'La tarea es requerida',
  'La sugerencia no puede estar vacía',
  'La calificación debe ser un número entero entre 1 y 5',
  'El comentario no puede estar vacío',
  'El token del dispositivo es requerido',
  'La plataforma debe ser web',
  'El mensaje es requerido',
  'Debe completar todos los campos',
  'El formato de exportación no es válido',
  'El texto de cada ítem de la lista es requerido',
  'La lista de verificación no es válida',
  'La lista puede tener hasta 50 ítems',
  'Indique si el ítem está hecho (verdadero o falso)',
  'Seleccione un archivo (campo «archivo»)',
  'Un archivo pertenece a un ítem de la lista o a un comentario, no a ambos',
  'Ingrese la hora con la forma HH:MM (por ejemplo 22:00)',
  'Ingrese un correo electrónico válido',
  'Indique, para cada tipo de aviso, si llega por push y por correo',
  'Indique el comienzo y el fin del horario de silencio, o ninguno',
  'El horario de silencio no puede empezar y terminar a la misma hora',
  'El canal debe ser app, push o email',
  'El estado debe ser pendiente, enviando, enviada, fallida u omitida',
  'El código es requerido',
  'El motivo es requerido',
  'El estado debe ser operativo, detenido, en mantenimiento o fuera de servicio',
  'Describa qué sucede',
  'Seleccione la solicitud en la que se fusiona',
  'Indique el motivo del rechazo',
  'El tamaño de la etiqueta debe ser pequeña, mediana o grande',
  'El orden de la tabla de paradas no es válido',
  'Seleccione un estado de solicitud válido',
  'El código del equipo no es válido',
  'Indique el código de al menos un equipo',
  'El sentido del orden debe ser ascendente o descendente',
  'La urgencia debe ser baja, media o alta',
  'Seleccione la tarea',
  'La hora no es válida',
  'Indique la hora de inicio',
  'Indique la hora de fin',
  'Indique el motivo del cambio',
  'Los minutos estimados deben ser un número entero entre 1 y 100.000',
];

/** The generic texts name the field they are about. */
const EXPECTED_PATTERNS = [
  /^El campo «[a-z_.]+» admite un solo valor$/,
  /^El campo «[a-z_.]+» debe ser (un texto|un número|un número entero|un objeto|una lista|verdadero o falso)$/,
];

const ENGLISH = /\b(invalid|expected|received|required|input|must|string|number|object|array)\b/i;

function isExpected(message: string): boolean {
  return EXPECTED_TEXTS.includes(message) || EXPECTED_PATTERNS.some((p) => p.test(message));
}

const ANY_UUID = '6f1c1f43-3c33-4a8e-9d55-5b0cf0ad4e10';

function pathOf(route: RouteDescriptor): string {
  return route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => (name === 'format' ? 'csv' : ANY_UUID));
}

function fieldsOf(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

const WITH_BODY = API_ROUTES.filter((r) => r.body);
// The event stream is no list: its only parameter is the single-use ticket EventSource opens it with
// (checked apart below); every other route with a query is a list with filters.
const WITH_QUERY = API_ROUTES.filter((r) => fieldsOf(r.query).length > 0 && routeKey(r) !== 'GET /api/events');

/** Lists that take a repeated key by design (`?codes=A&codes=B` is the sheet of A and B). */
const REPEATABLE = ['GET /api/assets/labels.pdf codes'];

let t: TestApp;
let token: string;
const seen = new Set<string>();

beforeAll(async () => {
  t = await createTestApp();
  token = await tokenFor(t, 'admin');
});

afterAll(async () => {
  await t?.close();
});

type Sent = { status: number; body: unknown };

/** A 400 whose message, and the message of each field error, is one of the expected Spanish texts. */
function expectSpanish400(res: Sent, what: string) {
  if (res.status !== 400) throw new Error(`${what}: se esperaba 400 y llegó ${res.status} ${JSON.stringify(res.body)}`);
  const body = parseWith(ErrorBodySchema, res.body);
  for (const message of [body.message, ...(body.errors ?? []).map((e) => e.message)]) {
    seen.add(message);
    if (ENGLISH.test(message)) throw new Error(`${what}: mensaje en inglés "${message}"`);
    if (!isExpected(message)) throw new Error(`${what}: mensaje no previsto "${message}"`);
  }
  return body;
}

function send(route: RouteDescriptor, body: unknown): Promise<Sent> {
  const method = route.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete';
  return t.http[method](pathOf(route)).set('Authorization', `Bearer ${token}`).set('Content-Type', 'application/json').send(JSON.stringify(body));
}

describe('mensajes en español para cualquier pedido mal formado', () => {
  it('the routes under test are all the routes with a body or a query', () => {
    expect(WITH_BODY.length).toBeGreaterThanOrEqual(25);
    expect(WITH_QUERY.length).toBeGreaterThanOrEqual(10);
    for (const r of WITH_BODY) expect({ route: routeKey(r), fields: fieldsOf(r.body).length > 0 }).toEqual({ route: routeKey(r), fields: true });
  });

  it.each(WITH_BODY.map((r) => [routeKey(r), r] as const))('%s: a JSON array as the body', async (_key, route) => {
    const body = expectSpanish400(await send(route, [{ nombre: 'x' }]), `${routeKey(route)} []`);
    expect(body.message).toBe('Los datos enviados deben ser un objeto JSON');
  });

  it.each(WITH_BODY.map((r) => [routeKey(r), r] as const))('%s: each field of the wrong type', async (_key, route) => {
    for (const field of fieldsOf(route.body)) {
      for (const wrong of [{ x: 1 }, ['a', 'b']]) {
        const what = `${routeKey(route)} ${field}=${JSON.stringify(wrong)}`;
        const body = expectSpanish400(await send(route, { [field]: wrong }), what);
        const own = (body.errors ?? []).filter((e) => e.path === field || e.path.startsWith(`${field}.`));
        if (own.length === 0) throw new Error(`${what}: ningún error sobre el campo (${JSON.stringify(body.errors)})`);
      }
    }
  });

  it.each(WITH_QUERY.map((r) => [routeKey(r), r] as const))('%s: each query parameter repeated', async (_key, route) => {
    for (const field of fieldsOf(route.query).filter((f) => !REPEATABLE.includes(`${routeKey(route)} ${f}`))) {
      const what = `${routeKey(route)} ?${field}=a&${field}=b`;
      const res = await t.http
        .get(pathOf(route))
        .set('Authorization', `Bearer ${token}`)
        .query(`${field}=a&${field}=b`);
      const body = expectSpanish400(res, what);
      const own = (body.errors ?? []).filter((e) => e.path === field || e.path.startsWith(`${field}.`));
      if (own.length === 0) throw new Error(`${what}: ningún error sobre el parámetro (${JSON.stringify(body.errors)})`);
    }
  });

  it('a repeated text filter answers the generic Spanish text, not zod English', async () => {
    const res = await t.http.get('/api/tasks').set('Authorization', `Bearer ${token}`).query('titulo=a&titulo=b');
    const body = expectSpanish400(res, 'GET /api/tasks ?titulo=a&titulo=b');
    expect(body.message).toBe('El campo «titulo» admite un solo valor');
    expect(body.errors).toEqual([{ path: 'titulo', message: 'El campo «titulo» admite un solo valor' }]);
  });

  it('a field of the wrong type names the field and the expected type', async () => {
    const res = await t.http
      .put(`/api/assigned-tasks/${ANY_UUID}`)
      .set('Authorization', `Bearer ${token}`)
      .send({ estado_uuid: ANY_UUID, observaciones: 5 });
    const body = expectSpanish400(res, 'PUT /api/assigned-tasks/:id observaciones=5');
    expect(body.message).toBe('El campo «observaciones» debe ser un texto');
  });

  it('the event stream with its ticket repeated answers a Spanish 401', async () => {
    const res = await t.http.get('/api/events').query('ticket=a&ticket=b');
    expect(res.status).toBe(401);
    expect(parseWith(ErrorBodySchema, res.body).message).toBe('Debe iniciar sesión para continuar');
  });

  it('saw the generic texts at work', () => {
    expect([...seen]).toEqual(expect.arrayContaining(['Los datos enviados deben ser un objeto JSON', 'El campo «titulo» admite un solo valor']));
  });
});
