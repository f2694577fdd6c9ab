import { ErrorBodySchema, MESSAGES } from '@gestar/contracts';
import { GOLDEN } from './fixtures/golden-texts';
import { createTestApp, login, parseWith, TestApp } from './support/test-app';

/**
 * SPEC.md sections 5 and 8, corrected by DECISIONS.md section 8: the texts are
 * the literals of fixtures/golden-texts.ts. The API's validation answers are
 * compared with them request by request, and the contracts' catalogue (which
 * the screens show) must hold each of them under its name.
 */

let t: TestApp;
let token: string;
let self: string;
let assigned: string;

beforeAll(async () => {
  t = await createTestApp();
  const session = await login(t, 'admin');
  token = session.token;
  self = session.user.uuid;
  const [row] = await t.ds.query(`SELECT uuid FROM tareas_asignadas ORDER BY fecha_asignacion, uuid LIMIT 1`);
  assigned = row.uuid;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const g = GOLDEN.validation;

/** Sends a request and returns every message of its 400 answer (the main one and each field's). */
async function messagesOf(method: 'post' | 'put', path: string, body: unknown, auth = true): Promise<string[]> {
  let req = t.http[method](path);
  if (auth) req = req.set('Authorization', `Bearer ${token}`);
  const res = await req.send(body as object);
  if (res.status !== 400) throw new Error(`${method} ${path}: se esperaba 400 y llegó ${res.status} ${JSON.stringify(res.body)}`);
  const parsed = parseWith(ErrorBodySchema, res.body);
  return [parsed.message, ...(parsed.errors ?? []).map((e) => e.message)];
}

describe('textos de SPEC 5 y 8 tal como los responde la API', () => {
  const cases: [string, 'post' | 'put', () => string, unknown, string[]][] = [
    ['usuario sin datos', 'post', () => '/api/users', {}, [g.usernameRequired, g.nombreUserRequired, g.apellidoRequired, g.rolRequired, g.userAreaRequired]],
    ['usuario con espacios', 'post', () => '/api/users', { username: 'con espacio' }, [g.usernameNoSpaces]],
    ['estado sin datos', 'post', () => '/api/statuses', {}, [g.nombreRequired, g.descripcionRequired, g.orderRequired]],
    ['estado con orden 0 y color inválido', 'post', () => '/api/statuses', { nombre: 'X', descripcion: 'Y', order: 0, color: 'rojo' }, [g.orderMin, g.colorHex]],
    ['área sin nombre', 'post', () => '/api/areas', {}, [g.nombreRequired]],
    ['puesto sin datos', 'post', () => '/api/job-descriptions', {}, [g.nombreRequired, g.descripcionRequired]],
    ['tipo de tarea sin datos', 'post', () => '/api/type-task', {}, [g.nombreRequired, g.descripcionRequired]],
    ['programación sin datos', 'post', () => '/api/scheduled-task', {}, [g.tareaRequired, g.intervalRequired]],
    ['programación con intervalo 0', 'post', () => '/api/scheduled-task', { tarea_uuid: '6f1c1f43-3c33-4a8e-9d55-5b0cf0ad4e10', intervalo_repeticion: 0 }, [g.intervalMin]],
    ['tarea sin datos', 'post', () => '/api/tasks', {}, [g.tituloRequired, g.tipoTareaRequired, g.areaRequired, g.usuariosAsignadosRequired, g.fechaVencimientoRequired]],
    ['tarea con programación vacía', 'post', () => '/api/tasks', { programacion_tarea: {} }, [g.fechaRequired, g.intervalRequired]],
    ['tarea con intervalo 0', 'post', () => '/api/tasks', { programacion_tarea: { proxima_ejecucion: '2031-01-01', intervalo_repeticion: 0 } }, [g.scheduleIntervalMin]],
    ['notificación sin usuario', 'post', () => '/api/notifications/send', { titulo: 'Hola', mensaje: 'Texto' }, [g.selectUser]],
    ['notificación masiva vacía', 'post', () => '/api/notifications/send-mass', { titulo: '', mensaje: '' }, [g.allFieldsRequired]],
  ];

  it.each(cases)('%s', async (_name, method, path, body, expected) => {
    const messages = await messagesOf(method, path(), body);
    for (const text of expected) expect(messages).toContain(text);
  });

  it('un comentario en blanco', async () => {
    const messages = await messagesOf('post', `/api/assigned-tasks/${assigned}/comments`, { texto: '   ' });
    expect(messages).toContain('El comentario no puede estar vacío');
  });

  it('inicio de sesión fallido', async () => {
    const res = await t.http.post('/api/auth/login').send({ username: 'admin', password: 'otra-clave' });
    expect(res.status).toBe(401);
    expect(parseWith(ErrorBodySchema, res.body).message).toBe(GOLDEN.errors.loginFailed);
  });

  it('una contraseña nueva corta al cambiarla', async () => {
    const messages = await messagesOf('post', `/api/users/${self}/change-password`, { currentPassword: 'demo1234', newPassword: 'corta' });
    expect(messages).toContain('La contraseña debe tener al menos 8 caracteres');
  });
});

describe('el catálogo de textos que muestran las pantallas', () => {
  it.each(Object.keys(GOLDEN) as (keyof typeof GOLDEN)[])('%s: cada texto de SPEC, escrito como corresponde', (section) => {
    const catalogue = MESSAGES[section] as Record<string, string>;
    for (const [key, text] of Object.entries(GOLDEN[section])) expect({ key, text: catalogue[key] }).toEqual({ key, text });
  });
});
