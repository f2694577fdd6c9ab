import {
  AssignedTaskBoardResponseSchema,
  ErrorBodySchema,
  ReportResponseSchema,
  UserResponseSchema,
} from '@gestar/contracts';
import { parseWith } from '../support/test-app';
import {
  loadPeople,
  managesUser,
  Person,
  reportScope,
  readsTask,
  seesAssigned,
  seesBoardOf,
  seesUser,
  updatesTask,
} from './support/rules';
import { Answer, call, createWorld, fixtures, World } from './support/world';

/**
 * Insecure direct object references: every (caller, record of another user) pair
 * on users, assigned tasks, comments, tasks and reports, generated from the
 * seeded organisation. The expected answer comes from the rules model
 * (support/rules.ts): allowed -> 2xx, refused -> 403 with an error body and no data.
 */
jest.setTimeout(180_000);

let w: World;
let people: Person[];
let callers: Person[];

interface AssignedRow {
  uuid: string;
  empleado: string;
  area: string;
}

beforeAll(async () => {
  w = await createWorld();
  const fx = fixtures(w);
  // Records authored by more people than the seed has: comments and suggestions of mlopez and jruiz.
  await fx.comment(w.ids.assigned.sillas, w.ids.users.mlopez);
  await fx.comment(w.ids.assigned.entrega, w.ids.users.jruiz);
  await fx.suggestion(w.ids.tasks.sillas, w.ids.users.mlopez);
  await fx.suggestion(w.ids.tasks.entrega, w.ids.users.jruiz);
  people = await loadPeople(w.t);
  callers = people.filter((p) =>
    ['operario', 'mlopez', 'jruiz', 'supervisor', 'sinpermisos', 'admin'].includes(p.username),
  );
});

afterAll(async () => {
  await w?.close();
});

const tokenOf = (p: Person) => w.tokens[p.username]!;
const byUuid = (uuid: string) => people.find((p) => p.uuid === uuid)!;

/** Runs the generated pairs; returns the failures (and how many pairs ran). */
async function runPairs(
  pairs: {
    label: string;
    allowed: boolean;
    okStatus: number;
    send: () => Promise<Answer>;
    check?: (a: Answer) => string | null;
  }[],
) {
  const wrong: string[] = [];
  for (const p of pairs) {
    const res = await p.send();
    const want = p.allowed ? p.okStatus : 403;
    if (res.status !== want) {
      wrong.push(`${p.label}: esperado ${want}, llegó ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      continue;
    }
    if (!p.allowed) {
      const body = ErrorBodySchema.safeParse(res.body);
      if (!body.success)
        wrong.push(`${p.label}: la negativa no es un cuerpo de error: ${JSON.stringify(res.body).slice(0, 160)}`);
      continue;
    }
    const problem = p.check?.(res);
    if (problem) wrong.push(`${p.label}: ${problem}`);
  }
  return { wrong, count: pairs.length };
}

async function assignedRows(): Promise<AssignedRow[]> {
  return w.t.ds.query(
    `SELECT ta.uuid, ta.empleado_uuid AS empleado, t.area_uuid AS area
       FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid WHERE NOT ta.archivada`,
  );
}

describe('IDOR: usuarios', () => {
  it('nobody reads, edits or re-passwords another user beyond the rules', async () => {
    const pairs = [];
    for (const c of callers) {
      for (const u of people) {
        if (u.uuid === c.uuid) continue;
        const label = (what: string) => `${c.username} -> ${what} de ${u.username}`;
        const sees = seesUser(c, u);
        pairs.push({
          label: label('GET users/:id'),
          allowed: sees,
          okStatus: 200,
          send: () => call(w, 'GET', `/api/users/${u.uuid}`, { token: tokenOf(c) }),
        });
        pairs.push({
          label: label('GET areas/user/:id'),
          allowed: sees,
          okStatus: 200,
          send: () => call(w, 'GET', `/api/areas/user/${u.uuid}`, { token: tokenOf(c) }),
        });
        pairs.push({
          label: label('GET users/:id/area-users'),
          allowed: sees,
          okStatus: 200,
          send: () => call(w, 'GET', `/api/users/${u.uuid}/area-users`, { token: tokenOf(c) }),
        });
        pairs.push({
          label: label('POST change-password'),
          allowed: false,
          okStatus: 200,
          send: () =>
            call(w, 'POST', `/api/users/${u.uuid}/change-password`, {
              token: tokenOf(c),
              body: { currentPassword: 'demo1234', newPassword: 'otra-clave-9' },
            }),
        });
        pairs.push({
          label: label('PUT users/:id (sin cambios)'),
          allowed: managesUser(c, u),
          okStatus: 200,
          send: async () => {
            const current = await call(w, 'GET', `/api/users/${u.uuid}`, { token: w.tokens.admin });
            const user = parseWith(UserResponseSchema, current.body);
            return call(w, 'PUT', `/api/users/${u.uuid}`, {
              token: tokenOf(c),
              body: {
                nombre: user.nombre,
                apellido: user.apellido,
                rol_uuid: user.rol_uuid,
                usuario_areas_uuid: user.usuario_areas_uuid,
              },
            });
          },
        });
      }
    }
    const { wrong, count } = await runPairs(pairs);
    expect(count).toBeGreaterThanOrEqual(150);
    expect(wrong).toEqual([]);
    // No refused password change went through: every seeded user still logs in with demo1234.
    for (const name of ['admin', 'supervisor', 'operario', 'mlopez', 'jruiz']) {
      const res = await call(w, 'POST', '/api/auth/login', { body: { username: name, password: 'demo1234' } });
      expect(res.status).toBe(200);
    }
  });
});

describe('IDOR: tareas asignadas y tableros', () => {
  it('history, comments, status changes and boards of others follow the scope', async () => {
    const rows = await assignedRows();
    const pairs = [];
    for (const c of callers) {
      for (const at of rows) {
        if (at.empleado === c.uuid) continue;
        const owner = byUuid(at.empleado).username;
        const label = (what: string) => `${c.username} -> ${what} de la tarea de ${owner}`;
        const sees = seesAssigned(c, at);
        pairs.push({
          label: label('historial'),
          allowed: sees,
          okStatus: 200,
          send: () => call(w, 'GET', `/api/assigned-tasks/${at.uuid}/history`, { token: tokenOf(c) }),
        });
        pairs.push({
          label: label('comentarios'),
          allowed: sees,
          okStatus: 200,
          send: () => call(w, 'GET', `/api/assigned-tasks/${at.uuid}/comments`, { token: tokenOf(c) }),
        });
        pairs.push({
          label: label('comentar'),
          allowed: sees,
          okStatus: 201,
          send: () =>
            call(w, 'POST', `/api/assigned-tasks/${at.uuid}/comments`, { token: tokenOf(c), body: { texto: 'IDOR' } }),
        });
        pairs.push({
          label: label('cambiar estado'),
          allowed: sees,
          okStatus: 200,
          send: () =>
            call(w, 'PUT', `/api/assigned-tasks/${at.uuid}`, {
              token: tokenOf(c),
              body: { estado_uuid: w.ids.statuses.progreso },
            }),
        });
      }
      for (const u of people) {
        if (u.uuid === c.uuid || !u.activo) continue;
        pairs.push({
          label: `${c.username} -> tablero de ${u.username}`,
          allowed: seesBoardOf(c, u),
          okStatus: 200,
          send: () => call(w, 'GET', `/api/assigned-tasks/${u.uuid}`, { token: tokenOf(c) }),
          check: (res: Answer) => {
            const board = parseWith(AssignedTaskBoardResponseSchema, res.body);
            const leaked = board.filter(
              (t) => !seesAssigned(c, { empleado: t.empleado.uuid, area: t.tarea.area.uuid }),
            );
            return leaked.length ? `muestra ${leaked.length} tareas fuera de alcance` : null;
          },
        });
      }
    }
    const { wrong, count } = await runPairs(pairs);
    expect(count).toBeGreaterThan(60);
    expect(wrong).toEqual([]);
  });
});

describe('IDOR: comentarios', () => {
  it("nobody edits or deletes another user's comment", async () => {
    const comments: { uuid: string; at: string; author: string }[] = await w.t.ds.query(
      `SELECT uuid, tarea_asignada_uuid AS at, usuario_uuid AS author FROM comentarios`,
    );
    const pairs = [];
    for (const c of callers) {
      for (const cm of comments) {
        if (cm.author === c.uuid) continue;
        const label = (what: string) => `${c.username} -> ${what} el comentario de ${byUuid(cm.author).username}`;
        pairs.push({
          label: label('editar'),
          allowed: false,
          okStatus: 200,
          send: () =>
            call(w, 'PUT', `/api/assigned-tasks/${cm.at}/comments/${cm.uuid}`, {
              token: tokenOf(c),
              body: { texto: 'pisado' },
            }),
        });
        pairs.push({
          label: label('borrar'),
          allowed: false,
          okStatus: 200,
          send: () => call(w, 'DELETE', `/api/assigned-tasks/${cm.at}/comments/${cm.uuid}`, { token: tokenOf(c) }),
        });
      }
    }
    const { wrong, count } = await runPairs(pairs);
    expect(count).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
    const after: { c: string }[] = await w.t.ds.query(
      `SELECT count(*) AS c FROM comentarios WHERE uuid = ANY($1) AND texto <> 'pisado'`,
      [comments.map((c) => c.uuid)],
    );
    expect(Number(after[0]!.c)).toBe(comments.length);
  });
});

describe('IDOR: tareas y sugerencias', () => {
  it('tasks and the suggestions of others follow the scope and authorship', async () => {
    const tasks: { uuid: string; area: string }[] = await w.t.ds.query(`SELECT uuid, area_uuid AS area FROM tareas`);
    const suggestions: { uuid: string; task: string; area: string; author: string }[] = await w.t.ds.query(
      `SELECT s.uuid, s.tarea_uuid AS task, t.area_uuid AS area, s.creado_por_uuid AS author FROM sugerencias s JOIN tareas t ON t.uuid = s.tarea_uuid`,
    );
    const fx = fixtures(w);
    const pairs = [];
    for (const c of callers) {
      for (const t of tasks) {
        pairs.push({
          label: `${c.username} -> GET tarea ${t.uuid}`,
          allowed: readsTask(c, t.area),
          okStatus: 200,
          send: () => call(w, 'GET', `/api/tasks/${t.uuid}`, { token: tokenOf(c) }),
        });
      }
      for (const s of suggestions) {
        if (s.author === c.uuid) continue;
        const label = (what: string) => `${c.username} -> ${what} la sugerencia de ${byUuid(s.author).username}`;
        pairs.push({
          label: label('editar'),
          allowed: false,
          okStatus: 200,
          send: () =>
            call(w, 'PATCH', `/api/tasks/${s.task}/suggestion`, {
              token: tokenOf(c),
              body: { descripcion: 'pisada', suggestion_uuid: s.uuid },
            }),
        });
        pairs.push({
          label: label('borrar (una copia)'),
          allowed: updatesTask(c, s.area),
          okStatus: 200,
          send: async () => {
            const copy = await fx.suggestion(s.task, s.author);
            return call(w, 'DELETE', `/api/tasks/${s.task}/suggestion/${copy}`, { token: tokenOf(c) });
          },
        });
      }
    }
    const { wrong, count } = await runPairs(pairs);
    expect(count).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
    const edited: { c: string }[] = await w.t.ds.query(
      `SELECT count(*) AS c FROM sugerencias WHERE descripcion = 'pisada'`,
    );
    expect(Number(edited[0]!.c)).toBe(0);
  });
});

describe('IDOR: reportes', () => {
  it("nobody reads another employee's rows outside its scope", async () => {
    const pairs = [];
    for (const c of callers) {
      const scope = reportScope(c);
      for (const u of people) {
        if (u.uuid === c.uuid) continue;
        pairs.push({
          label: `${c.username} -> reporte de ${u.username}`,
          // An employee of none of the caller's areas is out of scope, as on the board.
          allowed: scope !== 'none' && (scope === null || u.areas.some((a) => scope.includes(a))),
          okStatus: 200,
          send: () =>
            call(w, 'GET', '/api/reports', { token: tokenOf(c), query: { employee_uuids: u.uuid, limit: '100' } }),
          check: (res: Answer) => {
            const report = parseWith(ReportResponseSchema, res.body);
            const leaked =
              scope === null || scope === 'none' ? [] : report.data.filter((r) => !scope.includes(r.tarea.area.uuid));
            const others = report.data.filter((r) => r.empleado.uuid !== u.uuid);
            if (leaked.length) return `muestra ${leaked.length} filas de áreas ajenas`;
            return others.length ? `el filtro por colaborador deja pasar ${others.length} filas de otros` : null;
          },
        });
        pairs.push({
          label: `${c.username} -> reporte del área de ${u.username}`,
          allowed: scope !== 'none' && (scope === null || u.areas.every((a) => scope.includes(a))),
          okStatus: 200,
          send: () => call(w, 'GET', '/api/reports', { token: tokenOf(c), query: { area_uuids: u.areas.join(',') } }),
        });
      }
    }
    // Users without areas would make the second pair meaningless; the seed has none.
    expect(people.every((p) => p.areas.length > 0)).toBe(true);
    const { wrong, count } = await runPairs(pairs);
    expect(count).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });
});
