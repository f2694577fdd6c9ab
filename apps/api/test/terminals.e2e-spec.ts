import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import {
  AssignedTaskHistoryResponseSchema,
  AuditListResponseSchema,
  CommentResponseSchema,
  CurrentTerminalResponseSchema,
  IDEMPOTENCY_HEADER,
  MESSAGES,
  OkResponseSchema,
  OPERARIO_PERMISSIONS,
  ProblemReportResponseSchema,
  PinStatusResponseSchema,
  RegisterTerminalResponseSchema,
  StartTimeEntryResponseSchema,
  TERMINAL_CLIENT_TIME_HEADER,
  TERMINAL_HEADER,
  TERMINAL_LIMITS,
  TERMINAL_PERSON_HEADER,
  TERMINAL_REPLAY_HEADER,
  TerminalListResponseSchema,
  TerminalPeopleResponseSchema,
  TerminalResponseSchema,
  TerminalSessionResponseSchema,
  TerminalSignInResponseSchema,
  WallBoardResponseSchema,
  WallTicketResponseSchema,
} from '@gestar/contracts';
import { areaUuid, createTestApp, DEMO_PASSWORD, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

/**
 * Shared terminals (issue 34): a device credential bound to an area, people signing in with a
 * PIN, a terminal session with an operario's reach, attribution to the person and the terminal,
 * queued writes replayed with their own person's authority, and the area's wall board.
 */
jest.setTimeout(180_000);

let t: TestApp;
let port: number;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let carpinteria: string;
let tapiceria: string;
let logistica: string;

const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
const key = () => ({ [IDEMPOTENCY_HEADER]: randomUUID() });

async function register(who: string, area: string, nombre: string, minutos?: number) {
  const res = await t.http.post('/api/terminals').set(as(who)).set(key()).send({ nombre, area_uuid: area, ...(minutos ? { minutos_inactividad: minutos } : {}) });
  expect(res.status).toBe(201);
  return parseWith(RegisterTerminalResponseSchema, res.body);
}

async function setPin(who: string, pin: string) {
  const res = await t.http.put('/api/terminals/pin').set(as(who)).set(key()).send({ pin, contrasena_actual: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return parseWith(PinStatusResponseSchema, res.body);
}

const signIn = (terminal: string, usuario: string, pin: string) =>
  t.http.post('/api/terminals/sign-in').set(TERMINAL_HEADER, terminal).send({ usuario_uuid: usuario, pin });

async function signedIn(terminal: string, usuario: string, pin: string) {
  const res = await signIn(terminal, usuario, pin);
  if (res.status !== 201) throw new Error(`sign-in ${res.status} ${JSON.stringify(res.body)}`);
  return parseWith(TerminalSignInResponseSchema, res.body);
}

const atTerminal = (terminal: string, session: { token: string }) => ({ [TERMINAL_HEADER]: terminal, Authorization: `Bearer ${session.token}` });

async function occurrence(titulo: string): Promise<string> {
  const [row]: { uuid: string }[] = await t.ds.query(
    `SELECT ta.uuid FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid WHERE t.titulo = $1 AND NOT ta.archivada`,
    [titulo],
  );
  return row!.uuid;
}

function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen(0, '127.0.0.1');
  port = (t.app.getHttpServer().address() as AddressInfo).port;
  for (const u of ['admin', 'supervisor', 'operario', 'mlopez', 'jruiz']) {
    tokens[u] = await tokenFor(t, u);
    ids[u] = await userUuid(t, u);
  }
  carpinteria = await areaUuid(t, 'Carpintería');
  tapiceria = await areaUuid(t, 'Tapicería');
  logistica = await areaUuid(t, 'Logística');
  // The administrator also works in Carpintería, so they can sign in at its terminal.
  await t.ds.query(`INSERT INTO usuario_areas (usuario_uuid, area_uuid) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [ids.admin, carpinteria]);
});

afterAll(async () => {
  await t?.close();
});

describe('registration', () => {
  it('an administrator anywhere, a supervisor only in their areas, an operario never; audited; the credential shown once', async () => {
    const mine = await register('supervisor', carpinteria, 'Tablet banco 1');
    expect(mine).toMatchObject({ nombre: 'Tablet banco 1', area: { uuid: carpinteria }, minutos_inactividad: TERMINAL_LIMITS.idleMinutesDefault, revocada_en: null });
    expect(mine.token.length).toBeGreaterThanOrEqual(43);
    const [stored]: { token_hash: string }[] = await t.ds.query(`SELECT token_hash FROM terminales WHERE uuid = $1`, [mine.uuid]);
    expect(stored!.token_hash).not.toContain(mine.token);
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    expectError(
      await t.http.post('/api/terminals').set(as('supervisor')).set(key()).send({ nombre: 'Ajena', area_uuid: logistica }),
      403,
      MESSAGES.terminals.areaForbidden,
    );
    expectError(await t.http.post('/api/terminals').set(as('operario')).set(key()).send({ nombre: 'X', area_uuid: carpinteria }), 403);
    expectError(
      await t.http.post('/api/terminals').set(as('admin')).set(key()).send({ nombre: 'X', area_uuid: carpinteria, minutos_inactividad: 0 }),
      400,
      MESSAGES.terminals.idleMinutesRange,
    );
    const admins = await register('admin', logistica, 'Reloj de Logística', 5);
    expect(admins.minutos_inactividad).toBe(5);

    const supList = parseWith(TerminalListResponseSchema, (await t.http.get('/api/terminals').set(as('supervisor'))).body);
    expect(supList.data.map((x) => x.uuid)).toContain(mine.uuid);
    expect(supList.data.map((x) => x.uuid)).not.toContain(admins.uuid);
    const adminList = parseWith(TerminalListResponseSchema, (await t.http.get('/api/terminals').set(as('admin'))).body);
    expect(adminList.data.map((x) => x.uuid)).toEqual(expect.arrayContaining([mine.uuid, admins.uuid]));
    for (const x of adminList.data) expect('token' in x).toBe(false);

    expectError(await t.http.post(`/api/terminals/${admins.uuid}/revoke`).set(as('supervisor')).set(key()), 403, MESSAGES.terminals.forbidden);
    const renamed = parseWith(
      TerminalResponseSchema,
      (await t.http.put(`/api/terminals/${mine.uuid}`).set(as('supervisor')).set(key()).send({ nombre: 'Tablet banco 2', minutos_inactividad: 3 })).body,
    );
    expect(renamed).toMatchObject({ nombre: 'Tablet banco 2', minutos_inactividad: 3 });

    const audit = parseWith(AuditListResponseSchema, (await t.http.get(`/api/audit?recurso_uuid=${mine.uuid}`).set(as('admin'))).body);
    expect(audit.data.map((e) => e.accion)).toEqual(expect.arrayContaining(['registrar_terminal', 'editar']));
  });
});

describe('PINs', () => {
  it('own PIN: 4-6 digits, not trivial, the current password required; hashed with argon2id', async () => {
    const put = (body: object) => t.http.put('/api/terminals/pin').set(as('operario')).set(key()).send(body);
    expectError(await put({ pin: '1234', contrasena_actual: DEMO_PASSWORD }), 400, MESSAGES.terminals.pinTrivial);
    expectError(await put({ pin: '000000', contrasena_actual: DEMO_PASSWORD }), 400, MESSAGES.terminals.pinTrivial);
    expectError(await put({ pin: '98a7', contrasena_actual: DEMO_PASSWORD }), 400, MESSAGES.terminals.pinFormat);
    expectError(await put({ pin: '1234567', contrasena_actual: DEMO_PASSWORD }), 400, MESSAGES.terminals.pinFormat);
    expectError(await put({ pin: '4817' }), 400, MESSAGES.terminals.currentPasswordRequired);
    expectError(await put({ pin: '4817', contrasena_actual: 'otra-cosa' }), 400, MESSAGES.terminals.currentPasswordWrong);
    const status = await setPin('operario', '4817');
    expect(status).toMatchObject({ tiene_pin: true, bloqueado: false });
    const [row]: { pin_hash: string }[] = await t.ds.query(`SELECT pin_hash FROM pines_usuario WHERE usuario_uuid = $1`, [ids.operario]);
    expect(row!.pin_hash).toMatch(/^\$argon2id\$/);
    // An administrator resets it; a supervisor may not.
    expectError(await t.http.put(`/api/terminals/people/${ids.operario}/pin`).set(as('supervisor')).set(key()).send({}), 403);
    const reset = parseWith(PinStatusResponseSchema, (await t.http.put(`/api/terminals/people/${ids.operario}/pin`).set(as('admin')).set(key()).send({})).body);
    expect(reset.tiene_pin).toBe(false);
    await setPin('operario', '4817');
  });
});

describe('a terminal and its people', () => {
  let terminal: string;
  let other: string;
  beforeAll(async () => {
    terminal = (await register('supervisor', carpinteria, 'Tablet personas')).token;
    other = (await register('supervisor', tapiceria, 'Tablet tapicería')).token;
    await setPin('supervisor', '5820');
    await setPin('admin', '7391');
    await setPin('mlopez', '2468');
  });

  it("lists only its area's active people, with search and pages, with its credential only", async () => {
    expectError(await t.http.get('/api/terminals/current/people'), 401, MESSAGES.terminals.credentialRequired);
    expectError(await t.http.get('/api/terminals/current/people').set(TERMINAL_HEADER, 'x'.repeat(43)), 401, MESSAGES.terminals.credentialInvalid);
    expectError(await t.http.get('/api/terminals/current/people').set(as('admin')), 401, MESSAGES.terminals.credentialRequired);
    const me = parseWith(CurrentTerminalResponseSchema, (await t.http.get('/api/terminals/current').set(TERMINAL_HEADER, terminal)).body);
    expect(me.area).toEqual({ uuid: carpinteria, nombre: 'Carpintería' });
    const all = parseWith(TerminalPeopleResponseSchema, (await t.http.get('/api/terminals/current/people?limit=100').set(TERMINAL_HEADER, terminal)).body);
    const uuids = all.data.map((p) => p.uuid);
    expect(uuids).toEqual(expect.arrayContaining([ids.operario, ids.supervisor, ids.admin]));
    expect(uuids).not.toContain(ids.mlopez);
    expect(uuids).not.toContain(ids.jruiz);
    const oscar = all.data.find((p) => p.uuid === ids.operario)!;
    expect(oscar).toMatchObject({ nombre: 'Oscar', apellido: 'Pérez', iniciales: 'OP', foto_url: null, tiene_pin: true, bloqueado: false });
    const found = parseWith(TerminalPeopleResponseSchema, (await t.http.get('/api/terminals/current/people?q=oscar').set(TERMINAL_HEADER, terminal)).body);
    expect(found.data.map((p) => p.uuid)).toEqual([ids.operario]);
    const page = parseWith(TerminalPeopleResponseSchema, (await t.http.get('/api/terminals/current/people?limit=1&page=2').set(TERMINAL_HEADER, terminal)).body);
    expect(page.data).toHaveLength(1);
    expect(page.meta.totalItems).toBe(all.meta.totalItems);
  });

  it('PIN sign-in: a person of the area with the right PIN; the session works only from that terminal', async () => {
    expectError(await signIn(terminal, ids.mlopez, '2468'), 403, MESSAGES.terminals.personNotHere);
    expectError(await signIn(terminal, ids.operario, '1111'), 401, MESSAGES.terminals.pinWrong);
    const s = await signedIn(terminal, ids.operario, '4817');
    expect(s.usuario.uuid).toBe(ids.operario);
    const info = parseWith(TerminalSessionResponseSchema, (await t.http.get('/api/terminals/session').set(atTerminal(terminal, s))).body);
    expect(info.sesion_uuid).toBe(s.sesion_uuid);
    // Without the terminal's credential, or from another terminal, the person's token is nothing.
    expectError(await t.http.get('/api/terminals/session').set('Authorization', `Bearer ${s.token}`), 401, MESSAGES.terminals.terminalMismatch);
    expectError(await t.http.get('/api/terminals/session').set(atTerminal(other, s)), 401, MESSAGES.terminals.terminalMismatch);
    // A normal session is not a terminal one.
    expectError(await t.http.get('/api/terminals/session').set(as('operario')), 403, MESSAGES.terminals.notTerminalSession);
    // «Terminar».
    parseWith(OkResponseSchema, (await t.http.post('/api/terminals/session/end').set(atTerminal(terminal, s)).set(key())).body);
    expectError(await t.http.get('/api/terminals/session').set(atTerminal(terminal, s)), 401, MESSAGES.errors.sessionEnded);
  });

  it("an administrator's terminal session reaches only an operario's work", async () => {
    const s = await signedIn(terminal, ids.admin, '7391');
    expect([...s.permisos].sort()).toEqual([...OPERARIO_PERMISSIONS].sort());
    const h = atTerminal(terminal, s);
    expectError(await t.http.get('/api/users').set(h), 403, MESSAGES.terminals.notFromTerminal);
    expectError(await t.http.get('/api/audit').set(h), 403, MESSAGES.terminals.notFromTerminal);
    expectError(await t.http.post('/api/terminals').set(h).set(key()).send({ nombre: 'Otra', area_uuid: carpinteria }), 403, MESSAGES.terminals.notFromTerminal);
    expectError(await t.http.put(`/api/terminals/people/${ids.operario}/pin`).set(h).set(key()).send({}), 403, MESSAGES.terminals.notFromTerminal);
    expectError(await t.http.put('/api/terminals/pin').set(h).set(key()).send({ pin: '3958', contrasena_actual: DEMO_PASSWORD }), 403, MESSAGES.terminals.notFromTerminal);
    // The floor's routes answer, with an operario's permissions (the task list of another person is not theirs).
    expect((await t.http.get('/api/statuses').set(h)).status).toBe(200);
    // The same person signed in normally keeps every permission.
    expect((await t.http.get('/api/users').set(as('admin'))).status).toBe(200);
    await t.http.post('/api/terminals/session/end').set(h).set(key());
  });

  it('a revoked terminal stops at once: its credential, its people and their sessions (bound 5 s)', async () => {
    const reg = await register('supervisor', carpinteria, 'Para revocar');
    const s = await signedIn(reg.token, ids.operario, '4817');
    expect((await t.http.get('/api/terminals/session').set(atTerminal(reg.token, s))).status).toBe(200);
    const start = Date.now();
    const revoked = parseWith(TerminalResponseSchema, (await t.http.post(`/api/terminals/${reg.uuid}/revoke`).set(as('supervisor')).set(key())).body);
    expect(revoked.revocada_en).not.toBeNull();
    expectError(await t.http.get('/api/terminals/session').set(atTerminal(reg.token, s)), 401, MESSAGES.terminals.credentialInvalid);
    expectError(await t.http.get('/api/terminals/current/people').set(TERMINAL_HEADER, reg.token), 401, MESSAGES.terminals.credentialInvalid);
    expectError(await signIn(reg.token, ids.operario, '4817'), 401, MESSAGES.terminals.credentialInvalid);
    expect(Date.now() - start).toBeLessThan(5000);
    const [row]: { motivo_cierre: string }[] = await t.ds.query(`SELECT motivo_cierre FROM sesiones WHERE uuid = $1`, [s.sesion_uuid]);
    expect(row!.motivo_cierre).toBe('terminal_revocada');
  });

  it('the server ends a terminal session idle past its minutes (plus the grace)', async () => {
    const reg = await register('supervisor', carpinteria, 'Inactividad', 1);
    const s = await signedIn(reg.token, ids.operario, '4817');
    await t.ds.query(`UPDATE sesiones SET ultimo_uso_en = now() - interval '61 seconds' WHERE uuid = $1`, [s.sesion_uuid]);
    expect((await t.http.get('/api/terminals/session').set(atTerminal(reg.token, s))).status).toBe(200);
    await t.ds.query(`UPDATE sesiones SET ultimo_uso_en = now() - make_interval(secs => 60 + $2) WHERE uuid = $1`, [
      s.sesion_uuid,
      TERMINAL_LIMITS.serverIdleGraceSeconds + 1,
    ]);
    expectError(await t.http.get('/api/terminals/session').set(atTerminal(reg.token, s)), 401, MESSAGES.terminals.sessionIdle);
    const [row]: { motivo_cierre: string }[] = await t.ds.query(`SELECT motivo_cierre FROM sesiones WHERE uuid = $1`, [s.sesion_uuid]);
    expect(row!.motivo_cierre).toBe('inactividad');
  });
});

describe('wrong PINs in parallel', () => {
  it('30 wrong PINs at once: exactly the limit is checked, the rest locked; a supervisor of the area unlocks', async () => {
    const terminal = (await register('supervisor', carpinteria, 'Tablet límites')).token;
    const limit = TERMINAL_LIMITS.pinFailuresPerPerson;
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(terminal, ids.operario, String(5000 + i * 7))));
    expect(tally(burst.map((r) => r.status))).toEqual({ 401: limit, 429: 30 - limit });
    for (const r of burst) {
      const body = expectError(r, r.status, r.status === 401 ? MESSAGES.terminals.pinWrong : undefined);
      if (r.status === 429) {
        expect(body.message).toMatch(/Pida a un supervisor de su área que lo desbloquee/);
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    const [held]: { n: number }[] = await t.ds.query(`SELECT count(*)::int AS n FROM login_attempts WHERE username = $1`, [`#pin:${ids.operario}`]);
    expect(held!.n).toBe(limit);
    // Locked means locked, the right PIN included; the tile says so.
    expect((await signIn(terminal, ids.operario, '4817')).status).toBe(429);
    const people = parseWith(TerminalPeopleResponseSchema, (await t.http.get('/api/terminals/current/people?q=oscar').set(TERMINAL_HEADER, terminal)).body);
    expect(people.data[0]!.bloqueado).toBe(true);
    // Someone outside the person's areas may not unlock; the area's supervisor may.
    expectError(await t.http.post(`/api/terminals/people/${ids.operario}/pin/unlock`).set(as('operario')).set(key()), 403);
    await t.ds.query(
      `UPDATE roles SET permisos = array_append(permisos, 'manage:terminal') WHERE uuid = (SELECT rol_uuid FROM usuarios WHERE username = 'mlopez') AND NOT ('manage:terminal' = ANY(permisos))`,
    );
    const mlopezRole: { nombre: string }[] = await t.ds.query(`SELECT r.nombre FROM roles r JOIN usuarios u ON u.rol_uuid = r.uuid WHERE u.username = 'mlopez'`);
    if (mlopezRole[0]!.nombre === 'Supervisor') {
      // mlopez is a supervisor of Tapicería only: not Oscar's area.
      expectError(await t.http.post(`/api/terminals/people/${ids.operario}/pin/unlock`).set(as('mlopez')).set(key()), 403, MESSAGES.terminals.personForbidden);
    }
    const unlocked = parseWith(PinStatusResponseSchema, (await t.http.post(`/api/terminals/people/${ids.operario}/pin/unlock`).set(as('supervisor')).set(key())).body);
    expect(unlocked.bloqueado).toBe(false);
    const s = await signedIn(terminal, ids.operario, '4817');
    await t.http.post('/api/terminals/session/end').set(atTerminal(terminal, s)).set(key());
    const audit = parseWith(AuditListResponseSchema, (await t.http.get(`/api/audit?recurso_uuid=${ids.operario}`).set(as('admin'))).body);
    expect(audit.data.map((e) => e.accion)).toEqual(expect.arrayContaining(['pin_incorrecto', 'bloqueo', 'desbloquear_pin']));
  });
});

describe('wrong PINs at one terminal', () => {
  it("25 wrong PINs of five people at once: exactly the terminal's limit is checked", async () => {
    const terminal = (await register('supervisor', carpinteria, 'Tablet límite por terminal')).token;
    const people: string[] = [];
    for (let i = 0; i < 5; i++) {
      const [u]: { uuid: string }[] = await t.ds.query(
        `INSERT INTO usuarios (username, nombre, apellido, password_hash, rol_uuid)
         SELECT $1, 'Persona', $2, password_hash, rol_uuid FROM usuarios WHERE username = 'operario' RETURNING uuid`,
        [`terminal${i}`, `Número ${i}`],
      );
      await t.ds.query(`INSERT INTO usuario_areas (usuario_uuid, area_uuid) VALUES ($1, $2)`, [u!.uuid, carpinteria]);
      await t.ds.query(`INSERT INTO pines_usuario (usuario_uuid, pin_hash) SELECT $1, pin_hash FROM pines_usuario WHERE usuario_uuid = $2`, [
        u!.uuid,
        ids.operario,
      ]);
      people.push(u!.uuid);
    }
    const limit = TERMINAL_LIMITS.pinFailuresPerTerminal;
    const perPerson = TERMINAL_LIMITS.pinFailuresPerPerson;
    expect(people.length * perPerson).toBeGreaterThan(limit);
    const burst = await Promise.all(
      people.flatMap((p) => Array.from({ length: perPerson }, (_, i) => signIn(terminal, p, String(6000 + i * 13)))),
    );
    expect(tally(burst.map((r) => r.status))).toEqual({ 401: limit, 429: people.length * perPerson - limit });
    for (const r of burst) {
      const body = expectError(r, r.status, r.status === 401 ? MESSAGES.terminals.pinWrong : undefined);
      if (r.status === 429) expect(body.message).toMatch(/^Demasiados intentos fallidos en esta terminal/);
    }
  });
});

describe('attribution and offline replay', () => {
  let terminal: string;
  let terminalUuid: string;
  let mesa: string;
  beforeAll(async () => {
    const reg = await register('supervisor', carpinteria, 'Tablet autoría');
    terminal = reg.token;
    terminalUuid = reg.uuid;
    mesa = await occurrence('Armar mesa de roble para pedido 1042');
  });

  it("every write at a terminal is the person's; history and the audit log name the terminal", async () => {
    const [{ since }]: { since: Date }[] = await t.ds.query(`SELECT now() AS since`);
    const s = await signedIn(terminal, ids.operario, '4817');
    const h = atTerminal(terminal, s);
    const res = await t.http.post(`/api/assigned-tasks/${mesa}/comments`).set(h).set(key()).send({ texto: 'Desde la terminal' });
    expect(res.status).toBe(201);
    const c = parseWith(CommentResponseSchema, res.body);
    expect(c.usuario_uuid).toBe(ids.operario);
    // The person's own timer works at the terminal, and its interval is theirs.
    const started = await t.http.post('/api/time-entries/start').set(h).set(key()).send({ tarea_asignada_uuid: mesa });
    expect([started.status, started.body]).toEqual([201, expect.anything()]);
    parseWith(StartTimeEntryResponseSchema, started.body);
    const paused = await t.http.post('/api/time-entries/pause').set(h).set(key()).send({ tarea_asignada_uuid: mesa });
    expect([paused.status, paused.body]).toEqual([200, expect.anything()]);
    const intervals: { usuario_uuid: string; fin: Date | null }[] = await t.ds.query(
      `SELECT usuario_uuid, fin FROM intervalos_tiempo WHERE tarea_asignada_uuid = $1`,
      [mesa],
    );
    expect(intervals).toEqual([expect.objectContaining({ usuario_uuid: ids.operario, fin: expect.any(Date) })]);
    const [estado]: { uuid: string }[] = await t.ds.query(
      `SELECT uuid FROM estados WHERE uuid <> (SELECT estado_uuid FROM tareas_asignadas WHERE uuid = $1) ORDER BY "order" LIMIT 1`,
      [mesa],
    );
    const put = await t.http.put(`/api/assigned-tasks/${mesa}`).set(h).set(key()).send({ estado_uuid: estado!.uuid });
    expect(put.status).toBe(200);
    const history: { usuario_uuid: string; terminal_uuid: string | null; tipo: string }[] = await t.ds.query(
      `SELECT usuario_uuid, terminal_uuid, tipo FROM historial_tareas_asignadas WHERE tarea_asignada_uuid = $1 AND fecha >= $2`,
      [mesa, since],
    );
    expect(history.length).toBeGreaterThanOrEqual(2);
    for (const row of history) expect(row).toMatchObject({ usuario_uuid: ids.operario, terminal_uuid: terminalUuid });
    const shown = parseWith(AssignedTaskHistoryResponseSchema, (await t.http.get(`/api/assigned-tasks/${mesa}/history`).set(as('supervisor'))).body);
    expect(shown[0]).toMatchObject({ usuario: { nombre: 'Oscar' }, terminal: 'Tablet autoría' });
    // A problem report made at the terminal: its audit entry and its first step name the person and the terminal.
    const report = await t.http.post('/api/problem-reports').set(h).set(key()).send({ area_uuid: carpinteria, descripcion: 'Falta luz en el banco 3' });
    expect(report.status).toBe(201);
    const reportUuid = parseWith(ProblemReportResponseSchema, report.body).uuid;
    const audit: { actor_uuid: string; terminal_uuid: string | null }[] = await t.ds.query(
      `SELECT actor_uuid, terminal_uuid FROM auditoria WHERE recurso = 'solicitud' AND recurso_uuid = $1`,
      [reportUuid],
    );
    expect(audit.length).toBeGreaterThanOrEqual(1);
    for (const row of audit) expect(row).toEqual({ actor_uuid: ids.operario, terminal_uuid: terminalUuid });
    const steps: { usuario_uuid: string; terminal_uuid: string | null }[] = await t.ds.query(
      `SELECT usuario_uuid, terminal_uuid FROM solicitud_historial WHERE solicitud_uuid = $1`,
      [reportUuid],
    );
    expect(steps).toEqual([{ usuario_uuid: ids.operario, terminal_uuid: terminalUuid }]);
    // The sign-in itself is in the log with the terminal.
    const [signInEntry]: { actor_uuid: string; terminal_uuid: string | null }[] = await t.ds.query(
      `SELECT actor_uuid, terminal_uuid FROM auditoria WHERE accion = 'ingresar' AND recurso_uuid = $1`,
      [s.sesion_uuid],
    );
    expect(signInEntry).toEqual({ actor_uuid: ids.operario, terminal_uuid: terminalUuid });
    // The audit log's screen names it.
    const log = parseWith(AuditListResponseSchema, (await t.http.get(`/api/audit?recurso_uuid=${reportUuid}`).set(as('admin'))).body);
    expect(log.data.length).toBeGreaterThanOrEqual(1);
    for (const e of log.data) expect(e).toMatchObject({ actor: { uuid: ids.operario }, terminal: { uuid: terminalUuid, nombre: 'Tablet autoría' } });
    // The same person's write from a normal session names no terminal.
    await t.http.post(`/api/assigned-tasks/${mesa}/comments`).set(as('operario')).set(key()).send({ texto: 'Desde el teléfono' });
    const [last]: { terminal_uuid: string | null }[] = await t.ds.query(
      `SELECT terminal_uuid FROM historial_tareas_asignadas WHERE tarea_asignada_uuid = $1 ORDER BY fecha DESC LIMIT 1`,
      [mesa],
    );
    expect(last!.terminal_uuid).toBeNull();
    await t.http.post('/api/terminals/session/end').set(h).set(key());
  });

  it("A queues writes offline, B signs in, A's writes are replayed as A; never as B", async () => {
    const a = await signedIn(terminal, ids.operario, '4817');
    const madeAt = new Date().toISOString();
    // The network is cut: A's comments wait in the queue. B signs in when it returns.
    await new Promise((r) => setTimeout(r, 20));
    const b = await signedIn(terminal, ids.supervisor, '5820');
    const [closed]: { motivo_cierre: string }[] = await t.ds.query(`SELECT motivo_cierre FROM sesiones WHERE uuid = $1`, [a.sesion_uuid]);
    expect(closed!.motivo_cierre).toBe('otra_persona');
    // A's own session token is over...
    expectError(await t.http.get('/api/terminals/session').set(atTerminal(terminal, a)), 401, MESSAGES.errors.sessionEnded);
    // ...but A's queued writes go with A's replay credential, while B is signed in.
    const replay = (person: string, idem = randomUUID(), texto = 'Guardado sin conexión') =>
      t.http
        .post(`/api/assigned-tasks/${mesa}/comments`)
        .set(TERMINAL_HEADER, terminal)
        .set(TERMINAL_REPLAY_HEADER, a.replay_token)
        .set(TERMINAL_PERSON_HEADER, person)
        .set(TERMINAL_CLIENT_TIME_HEADER, madeAt)
        .set(IDEMPOTENCY_HEADER, idem)
        .send({ texto });
    const idem = randomUUID();
    const first = await replay(ids.operario, idem, 'Primer cambio de A');
    expect(first.status).toBe(201);
    expect(parseWith(CommentResponseSchema, first.body).usuario_uuid).toBe(ids.operario);
    // Sent twice (the queue retried): written once.
    const again = await replay(ids.operario, idem, 'Primer cambio de A');
    expect(again.status).toBe(201);
    const rows: { usuario_uuid: string }[] = await t.ds.query(`SELECT usuario_uuid FROM comentarios WHERE texto = 'Primer cambio de A'`);
    expect(rows).toEqual([{ usuario_uuid: ids.operario }]);
    const [hist]: { usuario_uuid: string; terminal_uuid: string }[] = await t.ds.query(
      `SELECT usuario_uuid, terminal_uuid FROM historial_tareas_asignadas WHERE tarea_asignada_uuid = $1 ORDER BY fecha DESC LIMIT 1`,
      [mesa],
    );
    expect(hist).toEqual({ usuario_uuid: ids.operario, terminal_uuid: terminalUuid });

    // A's replay credential claiming B: refused, nothing written.
    expectError(await replay(ids.supervisor, randomUUID(), 'Como B'), 403, MESSAGES.terminals.replayPersonMismatch);
    // With B's session as well: one person only.
    expectError(
      await t.http
        .post(`/api/assigned-tasks/${mesa}/comments`)
        .set(atTerminal(terminal, b))
        .set(TERMINAL_REPLAY_HEADER, a.replay_token)
        .set(TERMINAL_CLIENT_TIME_HEADER, madeAt)
        .set(key())
        .send({ texto: 'Como B' }),
      400,
      MESSAGES.terminals.credentialsTogether,
    );
    // From another terminal, without the terminal, for a read, or made after A's session: refused.
    const elsewhere = (await register('supervisor', carpinteria, 'Otra tablet')).token;
    expectError(
      await t.http.post(`/api/assigned-tasks/${mesa}/comments`).set(TERMINAL_HEADER, elsewhere).set(TERMINAL_REPLAY_HEADER, a.replay_token)
        .set(TERMINAL_CLIENT_TIME_HEADER, madeAt).set(key()).send({ texto: 'Como B' }),
      401,
      MESSAGES.terminals.replayInvalid,
    );
    expectError(
      await t.http.post(`/api/assigned-tasks/${mesa}/comments`).set(TERMINAL_REPLAY_HEADER, a.replay_token).set(TERMINAL_CLIENT_TIME_HEADER, madeAt).set(key()).send({ texto: 'Como B' }),
      401,
      MESSAGES.terminals.credentialRequired,
    );
    expectError(
      await t.http.get(`/api/assigned-tasks/${mesa}/comments`).set(TERMINAL_HEADER, terminal).set(TERMINAL_REPLAY_HEADER, a.replay_token).set(TERMINAL_CLIENT_TIME_HEADER, madeAt),
      403,
      MESSAGES.terminals.replayOnlyWrites,
    );
    const later = new Date(Date.now() + (TERMINAL_LIMITS.replayClockSkewSeconds + 60) * 1000).toISOString();
    expectError(
      await t.http.post(`/api/assigned-tasks/${mesa}/comments`).set(TERMINAL_HEADER, terminal).set(TERMINAL_REPLAY_HEADER, a.replay_token)
        .set(TERMINAL_CLIENT_TIME_HEADER, later).set(key()).send({ texto: 'Como B' }),
      403,
      MESSAGES.terminals.replayClientTime,
    );
    // A replay reaches only the floor's routes.
    expectError(
      await t.http.post('/api/terminals').set(TERMINAL_HEADER, terminal).set(TERMINAL_REPLAY_HEADER, a.replay_token)
        .set(TERMINAL_CLIENT_TIME_HEADER, madeAt).set(key()).send({ nombre: 'X', area_uuid: carpinteria }),
      403,
      MESSAGES.terminals.notFromTerminal,
    );
    const asB: { n: number }[] = await t.ds.query(`SELECT count(*)::int AS n FROM comentarios WHERE texto = 'Como B'`);
    expect(asB[0]!.n).toBe(0);
    // B (a supervisor) at the terminal has an operario's reach: A's task is not B's to comment.
    expectError(
      await t.http.post(`/api/assigned-tasks/${mesa}/comments`).set(atTerminal(terminal, b)).set(key()).send({ texto: 'Cambio de B' }),
      403,
      MESSAGES.errors.noAccessTask,
    );
    await t.http.post('/api/terminals/session/end').set(atTerminal(terminal, b)).set(key());
  });
});

/** A raw SSE client on the wall board's stream. */
function openWall(ticket: string, path = '/api/terminals/current/wall/events'): Promise<{ events: { type: string; data: unknown; at: number }[]; ended: Promise<void>; close(): void }> {
  return new Promise((resolve, reject) => {
    const events: { type: string; data: unknown; at: number }[] = [];
    let buffer = '';
    const req = http.get({ host: '127.0.0.1', port, agent: false, path: `${path}?ticket=${encodeURIComponent(ticket)}` }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`wall stream ${res.statusCode}`));
      const ended = new Promise<void>((done) => res.on('end', done).on('close', done));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!type) continue;
          events.push({ type, data: data ? JSON.parse(data) : null, at: Date.now() });
          if (type === 'ready') resolve({ events, ended, close: () => req.destroy() });
        }
      });
    });
    req.on('error', (err) => {
      if (!(err as NodeJS.ErrnoException).code?.includes('ECONNRESET')) reject(err);
    });
  });
}

describe('the wall board', () => {
  it("shows only its area's data, and a status change made elsewhere arrives within a second", async () => {
    const reg = await register('supervisor', carpinteria, 'Pared carpintería');
    const terminal = reg.token;
    const wall = parseWith(WallBoardResponseSchema, (await t.http.get('/api/terminals/current/wall').set(TERMINAL_HEADER, terminal)).body);
    expect(wall.area.uuid).toBe(carpinteria);
    const taskUuids = [...wall.vencidas, ...wall.hoy, ...wall.en_curso].map((x) => x.uuid);
    expect(taskUuids.length).toBeGreaterThan(0);
    const areas: { area_uuid: string }[] = await t.ds.query(
      `SELECT DISTINCT t.area_uuid FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid WHERE ta.uuid = ANY($1::uuid[])`,
      [taskUuids],
    );
    expect(areas).toEqual([{ area_uuid: carpinteria }]);
    const assetAreas: { area_uuid: string }[] = await t.ds.query(`SELECT DISTINCT area_uuid FROM equipos WHERE uuid = ANY($1::uuid[])`, [
      wall.equipos_detenidos.map((e) => e.uuid),
    ]);
    for (const a of assetAreas) expect(a.area_uuid).toBe(carpinteria);
    expectError(await t.http.get('/api/terminals/current/wall'), 401, MESSAGES.terminals.credentialRequired);

    const ticket = parseWith(WallTicketResponseSchema, (await t.http.post('/api/terminals/current/wall/ticket').set(TERMINAL_HEADER, terminal)).body);
    const stream = await openWall(ticket.ticket);
    try {
      // The ticket is used up.
      expectError(await t.http.get(`/api/terminals/current/wall/events?ticket=${encodeURIComponent(ticket.ticket)}`), 401, MESSAGES.terminals.ticketInvalid);
      const sillas = await occurrence('Tapizar 6 sillas modelo Nórdico');
      const mesa = await occurrence('Armar mesa de roble para pedido 1042');
      const estados: { uuid: string }[] = await t.ds.query(`SELECT uuid FROM estados ORDER BY "order"`);
      const pick = async (task: string) => {
        const [cur]: { estado_uuid: string }[] = await t.ds.query(`SELECT estado_uuid FROM tareas_asignadas WHERE uuid = $1`, [task]);
        return estados.find((e) => e.uuid !== cur!.estado_uuid)!.uuid;
      };
      // Elsewhere (Tapicería): nothing reaches Carpintería's wall.
      expect((await t.http.put(`/api/assigned-tasks/${sillas}`).set(as('supervisor')).set(key()).send({ estado_uuid: await pick(sillas) })).status).toBe(200);
      // In Carpintería, by a supervisor on their phone.
      const start = Date.now();
      expect((await t.http.put(`/api/assigned-tasks/${mesa}`).set(as('supervisor')).set(key()).send({ estado_uuid: await pick(mesa) })).status).toBe(200);
      const deadline = start + 1000;
      while (Date.now() < deadline && !stream.events.some((e) => JSON.stringify(e.data).includes(mesa))) await new Promise((r) => setTimeout(r, 20));
      const got = stream.events.find((e) => JSON.stringify(e.data).includes(mesa));
      expect(got).toBeDefined();
      expect(got!.at - start).toBeLessThan(1000);
      expect(stream.events.some((e) => JSON.stringify(e.data).includes(sillas))).toBe(false);
      // Revoked, the wall's stream ends within seconds.
      const revokedAt = Date.now();
      expect((await t.http.post(`/api/terminals/${reg.uuid}/revoke`).set(as('supervisor')).set(key())).status).toBe(200);
      await Promise.race([stream.ended, new Promise((r) => setTimeout(r, 5000))]);
      expect(Date.now() - revokedAt).toBeLessThan(5000);
      expectError(await t.http.get('/api/terminals/current/wall').set(TERMINAL_HEADER, terminal), 401, MESSAGES.terminals.credentialInvalid);
    } finally {
      stream.close();
    }
  });
});

describe("a terminal session's live events", () => {
  it("opens the person's stream with a ticket asked for at the terminal; the stream ends with the session", async () => {
    const reg = await register('supervisor', carpinteria, 'Tablet eventos');
    const s = await signedIn(reg.token, ids.operario, '4817');
    expectError(await t.http.post('/api/events/ticket').set('Authorization', `Bearer ${s.token}`), 401, MESSAGES.terminals.terminalMismatch);
    const res = await t.http.post('/api/events/ticket').set(atTerminal(reg.token, s));
    expect(res.status).toBe(200);
    const stream = await openWall((res.body as { ticket: string }).ticket, '/api/events');
    try {
      const ended = Date.now();
      parseWith(OkResponseSchema, (await t.http.post('/api/terminals/session/end').set(atTerminal(reg.token, s)).set(key())).body);
      await Promise.race([stream.ended, new Promise((r) => setTimeout(r, 5000))]);
      expect(Date.now() - ended).toBeLessThan(5000);
    } finally {
      stream.close();
    }
  });
});
