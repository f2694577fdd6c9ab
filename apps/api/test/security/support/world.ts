import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, login, TestApp } from '../../support/test-app';

/**
 * The callers of the permission matrix. `supervisorIn` and `supervisorOut` are the
 * same seeded supervisor (Carpintería, Tapicería); they differ by the record they
 * aim at: one in Carpintería, one in Logística (outside the supervisor's areas).
 */
export const CALLERS = ['anonymous', 'operario', 'supervisorIn', 'supervisorOut', 'admin', 'noPerm'] as const;
export type Caller = (typeof CALLERS)[number];

/** The seeded login behind each caller (`noPerm` is created by the world with SQL). */
export const USERNAME: Record<Exclude<Caller, 'anonymous'>, string> = {
  operario: 'operario',
  supervisorIn: 'supervisor',
  supervisorOut: 'supervisor',
  admin: 'admin',
  noPerm: 'sinpermisos',
};

export const NO_PERM_ROLE = 'Sin permisos (prueba)';

export interface Ids {
  areas: { carp: string; tap: string; log: string };
  users: { admin: string; supervisor: string; operario: string; mlopez: string; jruiz: string; noPerm: string };
  statuses: { pendiente: string; progreso: string; completada: string };
  taskType: string;
  jobPosition: string;
  tasks: { mesa: string; sillas: string; entrega: string };
  assigned: { mesa: string; sillas: string; entrega: string };
  /** The seeded comment by `operario` on the `mesa` assigned task. */
  comment: string;
  roles: { operario: string; supervisor: string; admin: string; noPerm: string };
}

export interface World {
  t: TestApp;
  base: string;
  ids: Ids;
  tokens: Record<string, string>;
  close(): Promise<void>;
}

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

async function one(t: TestApp, sql: string, params: unknown[] = []): Promise<string> {
  const rows: { uuid: string }[] = await t.ds.query(sql, params);
  if (!rows[0]) throw new Error(`sin filas: ${sql}`);
  return rows[0].uuid;
}

export function suffix(): string {
  return randomBytes(4).toString('hex');
}

let lastOrder = 100;
/** A status order no other status of the world has (two statuses may not share one). */
export function freeOrder(): number {
  return ++lastOrder;
}

/**
 * A real API on its own database with the demo seed, listening on loopback, plus
 * a role without any permission and a user holding it (in Carpintería).
 */
export async function createWorld(opts: { env?: Record<string, string> } = {}): Promise<World> {
  const t = await createTestApp({ env: opts.env });
  await t.app.listen(0, '127.0.0.1');
  const port = (t.app.getHttpServer().address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const q = (sql: string, p: unknown[] = []) => one(t, sql, p);
  const area = (n: string) => q('SELECT uuid FROM areas WHERE nombre = $1', [n]);
  const user = (n: string) => q('SELECT uuid FROM usuarios WHERE username = $1', [n]);
  const role = (n: string) => q('SELECT uuid FROM roles WHERE nombre = $1', [n]);
  const areas = { carp: await area('Carpintería'), tap: await area('Tapicería'), log: await area('Logística') };
  const noPermRole = await q(`INSERT INTO roles (nombre, permisos) VALUES ($1, '{}') RETURNING uuid`, [NO_PERM_ROLE]);
  const noPerm = await q(
    `INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid)
     SELECT 'sinpermisos', password_hash, 'Sara', 'Sinpermisos', $1 FROM usuarios WHERE username = 'admin' RETURNING uuid`,
    [noPermRole],
  );
  await t.ds.query('INSERT INTO usuario_areas (usuario_uuid, area_uuid) VALUES ($1, $2)', [noPerm, areas.carp]);
  const task = (titulo: string) => q('SELECT uuid FROM tareas WHERE titulo = $1', [titulo]);
  const tasks = {
    mesa: await task('Armar mesa de roble para pedido 1042'),
    sillas: await task('Tapizar 6 sillas modelo Nórdico'),
    entrega: await task('Entregar pedido 1038 en Palermo'),
  };
  const occ = (tarea: string) =>
    q('SELECT uuid FROM tareas_asignadas WHERE tarea_uuid = $1 AND NOT archivada ORDER BY fecha_asignacion LIMIT 1', [
      tarea,
    ]);
  const ids: Ids = {
    areas,
    users: {
      admin: await user('admin'),
      supervisor: await user('supervisor'),
      operario: await user('operario'),
      mlopez: await user('mlopez'),
      jruiz: await user('jruiz'),
      noPerm,
    },
    statuses: {
      pendiente: await q(`SELECT uuid FROM estados WHERE nombre = 'Pendiente'`),
      progreso: await q(`SELECT uuid FROM estados WHERE nombre = 'En progreso'`),
      completada: await q(`SELECT uuid FROM estados WHERE nombre = 'Completada'`),
    },
    taskType: await q(`SELECT uuid FROM tipos_tarea WHERE nombre = 'Producción'`),
    jobPosition: await q(`SELECT uuid FROM descripciones_puesto WHERE nombre = 'Carpintero'`),
    tasks,
    assigned: { mesa: await occ(tasks.mesa), sillas: await occ(tasks.sillas), entrega: await occ(tasks.entrega) },
    comment: await q(
      `SELECT c.uuid FROM comentarios c JOIN usuarios u ON u.uuid = c.usuario_uuid WHERE u.username = 'operario' LIMIT 1`,
    ),
    roles: {
      operario: await role('Operario'),
      supervisor: await role('Supervisor'),
      admin: await role('Administrador'),
      noPerm: noPermRole,
    },
  };
  const tokens: Record<string, string> = {};
  for (const name of ['admin', 'supervisor', 'operario', 'mlopez', 'jruiz', 'sinpermisos'])
    tokens[name] = (await login(t, name)).token;
  return { t, base, ids, tokens, close: () => t.close() };
}

/**
 * One HTTP call with fetch (not supertest: the event stream never ends, so the
 * answer is read as far as its headers and then dropped).
 */
export async function call(
  w: World,
  method: string,
  path: string,
  opts: {
    token?: string;
    /** JSON, or a FormData sent as multipart. */
    body?: unknown;
    rawBody?: string;
    query?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const url = new URL(path, w.base);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  let form: FormData | undefined;
  if (opts.body instanceof FormData) {
    form = opts.body;
  } else if (opts.rawBody !== undefined) {
    body = opts.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), 20_000);
  try {
    // A redirect (the company sign-in's) is an answer of its own: never followed.
    const res = await fetch(url, { method, headers, body: form ?? body, signal: ctrl.signal, redirect: 'manual' });
    const type = res.headers.get('content-type') ?? '';
    let parsed: unknown = null;
    if (type.includes('text/event-stream')) {
      ctrl.abort();
    } else if (type.includes('application/json')) {
      parsed = await res.json();
    } else {
      await res.arrayBuffer();
    }
    return { status: res.status, body: parsed, headers: res.headers };
  } finally {
    clearTimeout(timer);
  }
}

/** Fresh records made with SQL, so a destructive call never eats a record another case needs. */
export function fixtures(w: World) {
  const { t, ids } = w;
  const q = (sql: string, p: unknown[] = []) => one(t, sql, p);
  const api = {
    async user(area: string): Promise<string> {
      const uuid = await q(
        `INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid)
         SELECT $1, password_hash, 'Prueba', 'Matriz', $2 FROM usuarios WHERE username = 'admin' RETURNING uuid`,
        [`u_${suffix()}`, ids.roles.operario],
      );
      await t.ds.query('INSERT INTO usuario_areas (usuario_uuid, area_uuid) VALUES ($1, $2)', [uuid, area]);
      return uuid;
    },
    area: () => q('INSERT INTO areas (nombre) VALUES ($1) RETURNING uuid', [`Área ${suffix()}`]),
    status: () =>
      q(`INSERT INTO estados (nombre, descripcion, "order", color) VALUES ($1, 'x', $2, '#123456') RETURNING uuid`, [
        `Estado ${suffix()}`,
        freeOrder(),
      ]),
    taskType: () =>
      q(`INSERT INTO tipos_tarea (nombre, descripcion) VALUES ($1, 'x') RETURNING uuid`, [`Tipo ${suffix()}`]),
    jobPosition: () =>
      q(`INSERT INTO descripciones_puesto (nombre, descripcion) VALUES ($1, 'x') RETURNING uuid`, [
        `Puesto ${suffix()}`,
      ]),
    async task(area: string, assignee: string): Promise<string> {
      const uuid = await q(
        `INSERT INTO tareas (titulo, descripcion, tipo_tarea_uuid, area_uuid, creado_por_uuid) VALUES ($1, '', $2, $3, $4) RETURNING uuid`,
        [`Tarea ${suffix()}`, ids.taskType, area, ids.users.admin],
      );
      await t.ds.query('INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid) VALUES ($1, $2)', [uuid, assignee]);
      return uuid;
    },
    async schedule(area: string, assignee: string): Promise<string> {
      const task = await api.task(area, assignee);
      return q(
        `INSERT INTO programaciones_tareas (tarea_uuid, intervalo_repeticion, proxima_ejecucion) VALUES ($1, 7, current_date + 3) RETURNING uuid`,
        [task],
      );
    },
    comment: (assigned: string, author: string) =>
      q(
        `INSERT INTO comentarios (tarea_asignada_uuid, usuario_uuid, texto) VALUES ($1, $2, 'comentario de prueba') RETURNING uuid`,
        [assigned, author],
      ),
    checklistItem: (assigned: string) =>
      q(
        `INSERT INTO tarea_asignada_checklist (tarea_asignada_uuid, orden, texto)
         SELECT $1, coalesce(max(orden), 0) + 1, 'Paso de la matriz' FROM tarea_asignada_checklist WHERE tarea_asignada_uuid = $1
         RETURNING uuid`,
        [assigned],
      ),
    /** A stored image with its thumbnail, uploaded by `author` (its bytes in the app's UPLOADS_DIR). */
    async attachment(assigned: string, author: string): Promise<string> {
      const uuid = randomUUID();
      writeFileSync(join(t.config.uploadsDir, `${uuid}.jpg`), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
      writeFileSync(join(t.config.uploadsDir, `${uuid}-miniatura.webp`), Buffer.from('RIFF'));
      return q(
        `INSERT INTO adjuntos (uuid, tarea_asignada_uuid, nombre, tipo, tamano, clave, miniatura_clave, creado_por_uuid)
         VALUES ($1::uuid, $2, 'matriz.jpg', 'image/jpeg', 4, $1::text || '.jpg', $1::text || '-miniatura.webp', $3) RETURNING uuid`,
        [uuid, assigned, author],
      );
    },
    /** A machine of the area: its code. */
    async asset(area: string): Promise<string> {
      const codigo = `M-${suffix()}`.toUpperCase();
      const uuid = await q(
        `INSERT INTO equipos (codigo, nombre, area_uuid) VALUES ($1, 'Máquina de la matriz', $2) RETURNING uuid`,
        [codigo, area],
      );
      await t.ds.query(`INSERT INTO equipo_estados (equipo_uuid, estado, desde) SELECT uuid, estado, estado_desde FROM equipos WHERE uuid = $1`, [uuid]);
      return codigo;
    },
    /** A PDF document of the machine `codigo`: its uuid. */
    async assetDocument(codigo: string, author: string): Promise<string> {
      const uuid = randomUUID();
      writeFileSync(join(t.config.uploadsDir, `${uuid}.pdf`), Buffer.from('%PDF-1.4\n%%EOF\n'));
      return q(
        `INSERT INTO adjuntos (uuid, equipo_uuid, descripcion, nombre, tipo, tamano, clave, creado_por_uuid)
         SELECT $1::uuid, e.uuid, false, 'manual.pdf', 'application/pdf', 15, $1::text || '.pdf', $3 FROM equipos e WHERE e.codigo = $2
         RETURNING uuid`,
        [uuid, codigo, author],
      );
    },
    suggestion: (task: string, author: string) =>
      q(
        `INSERT INTO sugerencias (tarea_uuid, creado_por_uuid, descripcion) VALUES ($1, $2, 'sugerencia de prueba') RETURNING uuid`,
        [task, author],
      ),
    notification: (user: string) =>
      q(`INSERT INTO notificaciones (usuario_uuid, titulo, mensaje) VALUES ($1, 'Aviso', 'Mensaje') RETURNING uuid`, [
        user,
      ]),
    async refreshToken(username: string): Promise<string> {
      return (await login(t, username)).refreshToken;
    },
    /** A new sign-in of `username`: its session uuid (the access token's `sid`). */
    async sessionOf(username: string): Promise<string> {
      const { token } = await login(t, username);
      return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    },
  };
  return api;
}

/** Tomorrow in the company calendar, as `YYYY-MM-DD` (a valid due date for any request). */
export function tomorrow(): string {
  const d = new Date(Date.now() + 36 * 3600 * 1000);
  return d.toISOString().slice(0, 10);
}
