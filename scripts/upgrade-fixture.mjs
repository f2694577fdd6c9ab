// `node scripts/upgrade-fixture.mjs [tag]`: the database of a previous release, as its own code
// left it, for the upgrade test (apps/api/test/upgrade.e2e-spec.ts). The tag (default: the newest
// release tag before HEAD) is checked out into a temporary worktree, built, and its API started on
// an empty database with its demo seed; then writes go through that API as people make them
// (sign-ins, catalogs, users, tasks with checklists and schedules, assignments, comments, status
// changes, archiving, suggestions, notifications, non-working days, a photo) while its jobs run.
// The database is dumped as plain SQL (INSERTs, no psql commands, so the test restores it with the
// pg driver alone), gzipped into apps/api/test/fixtures/upgrade/<tag>.sql.gz, with <tag>.json
// beside it: the commit, the migrations the release applied and each table's row count.
//
// Needs DATABASE_URL (any database of the server; a scratch one is created and dropped), git,
// pnpm and a pg_dump not older than the server. Takes a few minutes: it builds the old API.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { freePort, withClient } from './lib/database.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (m) => process.stdout.write(`[gestar:upgrade-fixture] ${m}\n`);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} terminó con ${r.status}:\n${r.stderr}${r.stdout}`);
  return r.stdout;
}

/** The newest `v*` tag that is an ancestor of HEAD and not on HEAD itself. */
function previousTag() {
  const onHead = new Set(sh('git', ['tag', '--points-at', 'HEAD']).split('\n').filter(Boolean));
  const tags = sh('git', ['tag', '--list', 'v*', '--merged', 'HEAD', '--sort=-v:refname']).split('\n').filter(Boolean);
  const tag = tags.find((t) => !onHead.has(t));
  if (!tag) throw new Error('No hay una etiqueta de versión anterior (v*) en la historia de HEAD');
  return tag;
}

const tag = process.argv[2] ?? previousTag();
const commit = sh('git', ['rev-list', '-n', '1', tag]).trim();
const outDir = join(root, 'apps', 'api', 'test', 'fixtures', 'upgrade');
const work = mkdtempSync(join(tmpdir(), `gestar-${tag}-`));
const tree = join(work, 'tree');
const uploads = join(work, 'uploads');
mkdirSync(uploads);
const dbName = `gestar_upgrade_fixture_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(serverUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

let api;
try {
  log(`${tag} (${commit.slice(0, 10)}) en ${tree}`);
  sh('git', ['worktree', 'add', '--detach', tree, commit]);
  log('pnpm install');
  const offline = spawnSync('pnpm', ['install', '--offline', '--frozen-lockfile'], { cwd: tree, stdio: 'inherit' });
  if (offline.status !== 0) sh('pnpm', ['install', '--frozen-lockfile'], { cwd: tree, stdio: 'inherit' });
  log('compilando la API de la versión anterior');
  sh('pnpm', ['exec', 'turbo', 'run', 'build', '--filter=@gestar/api', '--output-logs=errors-only'], {
    cwd: tree,
    stdio: 'inherit',
  });

  await withClient(serverUrl, (c) => c.query(`CREATE DATABASE "${dbName}"`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api`;
  log(`API ${tag} en ${base} con su seed de demostración`);
  api = spawn(process.execPath, [join(tree, 'apps', 'api', 'dist', 'main.js')], {
    cwd: join(tree, 'apps', 'api'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      JWT_SECRET: 'fixture-secret-de-al-menos-treinta-y-dos-caracteres-0123',
      SEED_DEMO: 'true',
      UPLOADS_DIR: uploads,
      WEB_DIST_DIR: '/nonexistent',
      SCHEDULER_ENABLED: 'true',
      JOBS_POLL_SECONDS: '1',
      JOBS_MONITOR_SECONDS: '1',
      // A mail server that refuses: e-mails are logged as deliveries and retried, as when it is down.
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      SMTP_TIMEOUT_SECONDS: '2',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => api.on('exit', resolve));
  await waitHealthy(base);
  await writes(base);
  // The jobs' first runs (holidays, reminders, the scheduler's tick) leave their rows.
  await sleep(8000);
  api.kill('SIGTERM');
  await exited;
  api = undefined;

  const { migrations, counts } = await withClient(dbUrl, async (c) => {
    const m = await c.query(`SELECT name FROM migrations ORDER BY id`);
    const t = await c.query(
      `SELECT schemaname, relname FROM pg_stat_user_tables WHERE schemaname IN ('public', 'pgboss') ORDER BY 1, 2`,
    );
    const counts = {};
    for (const { schemaname, relname } of t.rows) {
      const r = await c.query(`SELECT count(*)::int AS n FROM "${schemaname}"."${relname}"`);
      counts[schemaname === 'public' ? relname : `${schemaname}.${relname}`] = r.rows[0].n;
    }
    return { migrations: m.rows.map((r) => r.name), counts };
  });
  const empty = Object.entries(counts).filter(([name, n]) => n === 0 && !name.includes('.'));
  log(`tablas vacías: ${empty.map(([n]) => n).join(', ') || 'ninguna'}`);

  log('pg_dump');
  const dump = sh('pg_dump', [
    '--no-owner',
    '--no-privileges',
    '--inserts',
    '--rows-per-insert=100',
    '--dbname',
    dbUrl,
  ]);
  // psql's own commands (\restrict, \connect) are not SQL: the test sends the file to the server as is.
  const sql = dump
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  mkdirSync(outDir, { recursive: true });
  const gz = gzipSync(sql, { level: 9 });
  writeFileSync(join(outDir, `${tag}.sql.gz`), gz);
  const manifest = { tag, commit, pgDump: sh('pg_dump', ['--version']).trim(), migrations, counts };
  writeFileSync(join(outDir, `${tag}.json`), `${JSON.stringify(manifest, null, 2)}\n`);
  log(`${join(outDir, `${tag}.sql.gz`)}: ${(gz.length / 1024).toFixed(0)} KB, ${migrations.length} migraciones`);
} finally {
  if (api) api.kill('SIGKILL');
  await withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)).catch(
    () => undefined,
  );
  if (existsSync(tree)) spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: root });
  rmSync(work, { recursive: true, force: true });
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitHealthy(base) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`${base}/health`);
      if (r.ok) return;
    } catch {
      /* not listening yet */
    }
    await sleep(500);
  }
  throw new Error('La API anterior no respondió /health en 2 minutos');
}

/** People's writes through the old API; every answer must be a success. */
async function writes(base) {
  const call = async (token, method, path, body, headers = {}) => {
    const isForm = body instanceof FormData;
    const r = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${path} -> ${r.status}: ${text.slice(0, 500)}`);
    return text ? JSON.parse(text) : undefined;
  };
  const login = async (username, password = 'demo1234') =>
    (await call(undefined, 'POST', '/auth/login', { username, password })).token;
  const q = (text, values) => withClient(dbUrl, (c) => c.query(text, values)).then((r) => r.rows);
  const uuidOf = async (table, column, value) =>
    (await q(`SELECT uuid FROM ${table} WHERE ${column} = $1`, [value]))[0].uuid;

  const admin = await login('admin');
  const supervisor = await login('supervisor');
  const today = new Date().toISOString().slice(0, 10);
  const inDays = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  log('catálogos y usuarios');
  const area =
    (await call(admin, 'POST', '/areas', { nombre: 'Pintura' })).uuid ?? (await uuidOf('areas', 'nombre', 'Pintura'));
  await call(admin, 'POST', '/areas', { nombre: 'Depósito' });
  await call(admin, 'POST', '/type-task', {
    nombre: 'Control de calidad',
    descripcion: 'Revisión de piezas terminadas',
  });
  await call(admin, 'POST', '/statuses', {
    nombre: 'En revisión',
    descripcion: 'Esperando el control',
    order: 4,
    color: '#7950F2',
    categoria: 'en_curso',
  });
  await call(admin, 'POST', '/job-descriptions', { nombre: 'Pintor', descripcion: 'Lija, fondea y pinta piezas.' });
  const operarioRole =
    (await q(`SELECT uuid FROM roles WHERE nombre = 'Operario'`))[0]?.uuid ??
    (await q(`SELECT uuid FROM roles ORDER BY nombre DESC LIMIT 1`))[0].uuid;
  const carpinteria = await uuidOf('areas', 'nombre', 'Carpintería');
  const painters = [];
  for (let i = 1; i <= 6; i++) {
    await call(admin, 'POST', '/users', {
      username: `pintor${i}`,
      password: 'pintor-clave-1234',
      nombre: `Pintor ${i}`,
      apellido: 'Gestar',
      rol_uuid: operarioRole,
      usuario_areas_uuid: [area, carpinteria],
    });
    painters.push(await uuidOf('usuarios', 'username', `pintor${i}`));
  }
  // The sixth leaves the company: deactivated, kept with its history.
  const tokens = [];
  for (let i = 1; i <= 5; i++) tokens.push(await login(`pintor${i}`, 'pintor-clave-1234'));

  log('tareas, asignaciones, comentarios, estados');
  const tipo = await uuidOf('tipos_tarea', 'nombre', 'Producción');
  const estados = (await q(`SELECT uuid, nombre FROM estados ORDER BY "order"`)).map((r) => r.uuid);
  for (let i = 1; i <= 24; i++) {
    const assignee = painters[i % 5];
    const body = {
      titulo: `Pintar lote ${100 + i}`,
      tipo_tarea_uuid: tipo,
      area_uuid: area,
      usuarios_asignados: [assignee],
      descripcion: JSON.stringify([
        { type: 'paragraph', children: [{ text: `Lote ${100 + i}: fondo y dos manos de laca.` }] },
      ]),
      fecha_vencimiento: inDays(i % 7),
      checklist: [
        { texto: 'Lijar', requiere_foto: false, requiere_nota: false },
        { texto: 'Fondo', requiere_foto: false, requiere_nota: i % 3 === 0 },
        { texto: 'Laca', requiere_foto: false, requiere_nota: false },
      ],
    };
    if (i % 4 === 0) body.programacion_tarea = { proxima_ejecucion: inDays(1), intervalo_repeticion: 7 };
    if (i % 4 === 0) body.fecha_vencimiento = inDays(2);
    await call(admin, 'POST', '/tasks', body);
  }
  const tasks = await q(`SELECT uuid FROM tareas WHERE area_uuid = $1 ORDER BY titulo`, [area]);
  // A second occurrence of some tasks, assigned apart.
  for (const [k, t] of tasks.slice(0, 8).entries()) {
    await call(admin, 'POST', '/assigned-tasks', {
      tarea_uuid: t.uuid,
      usuarios_asignados: [painters[(k + 1) % 5]],
      fecha_vencimiento: inDays(3),
    });
  }
  const occurrences = await q(
    `SELECT ta.uuid, u.username FROM tareas_asignadas ta JOIN usuarios u ON u.uuid = ta.empleado_uuid
      JOIN tareas t ON t.uuid = ta.tarea_uuid WHERE t.area_uuid = $1 ORDER BY ta.fecha_asignacion, ta.uuid`,
    [area],
  );
  for (const [k, o] of occurrences.entries()) {
    const who = tokens[Number(o.username.slice(-1)) - 1];
    await call(who, 'POST', `/assigned-tasks/${o.uuid}/comments`, { texto: `Empiezo con el lote (${k}).` });
    await call(admin, 'POST', `/assigned-tasks/${o.uuid}/comments`, { texto: 'Revisar el color con la muestra.' });
    if (k % 2 === 0) await call(who, 'PUT', `/assigned-tasks/${o.uuid}`, { estado_uuid: estados[1] });
    if (k % 3 === 0 || k % 5 === 0) {
      const items = await q(
        `SELECT uuid, requiere_nota FROM tarea_asignada_checklist WHERE tarea_asignada_uuid = $1 ORDER BY orden`,
        [o.uuid],
      ).catch(() => []);
      for (const it of k % 5 === 0 ? items : items.slice(0, 2)) {
        await call(who, 'PUT', `/assigned-tasks/${o.uuid}/checklist/${it.uuid}`, {
          hecho: true,
          ...(it.requiere_nota ? { nota: 'Fondo al agua' } : {}),
        });
      }
    }
    if (k % 5 === 0) {
      await call(who, 'PUT', `/assigned-tasks/${o.uuid}`, { estado_uuid: estados[2] });
      await call(admin, 'PUT', `/assigned-tasks/${o.uuid}`, {
        archivada: true,
        calificacion: 5,
        observaciones: 'Buen acabado',
      });
    }
  }
  // The demo's own occurrences, worked by its people.
  const operario = await login('operario');
  for (const o of await q(
    `SELECT ta.uuid FROM tareas_asignadas ta JOIN usuarios u ON u.uuid = ta.empleado_uuid WHERE u.username = 'operario' AND NOT ta.archivada`,
  )) {
    await call(operario, 'POST', `/assigned-tasks/${o.uuid}/comments`, { texto: 'Listo para revisar.' });
    await call(supervisor, 'POST', `/assigned-tasks/${o.uuid}/comments`, { texto: 'Visto, gracias.' });
  }
  const firstOcc = occurrences[1];
  // A photo on an occurrence (a 64x48 JPEG made by the release's own sharp).
  try {
    const sharp = createRequire(join(tree, 'apps', 'api', 'package.json'))('sharp');
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('archivo', new Blob([jpeg], { type: 'image/jpeg' }), 'lote.jpg');
    await call(
      tokens[Number(firstOcc.username.slice(-1)) - 1],
      'POST',
      `/assigned-tasks/${firstOcc.uuid}/attachments`,
      form,
    );
  } catch (err) {
    log(`sin foto: ${err.message}`);
  }
  await call(tokens[0], 'PATCH', `/tasks/${tasks[0].uuid}/suggestion`, {
    descripcion: 'Usar pistola de baja presión',
  }).catch((err) => log(`sin sugerencia: ${err.message}`));

  log('calendario, avisos, sesiones');
  await call(admin, 'POST', '/calendar/non-working-days', { fecha: inDays(20), descripcion: 'Inventario anual' });
  await call(admin, 'POST', '/calendar/non-working-days', { fecha: inDays(40), descripcion: 'Mudanza del depósito' });
  for (const p of painters.slice(0, 3)) {
    await call(admin, 'POST', '/notifications/send', {
      usuario_uuid: p,
      titulo: 'Turno del sábado',
      mensaje: 'El sábado se trabaja hasta las 13.',
    });
  }
  await call(admin, 'POST', '/notifications/send-mass', {
    titulo: 'Corte de luz',
    mensaje: 'Mañana de 8 a 10 no hay energía en la planta.',
  });
  await call(tokens[0], 'POST', '/notifications/read-all', {});
  // E-mail and push chosen by two people: their deliveries are logged (no SMTP here: they wait).
  for (const [k, t] of tokens.slice(0, 2).entries()) {
    const prefs = await call(t, 'GET', '/notifications/preferences');
    await call(t, 'PUT', '/notifications/preferences', {
      correo: `pintor${k + 1}@taller.example`,
      avisos: Object.fromEntries(Object.keys(prefs.avisos).map((kind) => [kind, { push: true, email: true }])),
      silencio_desde: '22:00',
      silencio_hasta: '06:00',
    });
    await call(t, 'POST', '/notifications/register-device', {
      token: JSON.stringify({ endpoint: `https://push.example/${k}`, keys: { p256dh: 'BExample', auth: 'example' } }),
      usuario_uuid: painters[k],
      plataforma: 'web',
    });
  }
  await call(admin, 'POST', '/notifications/send', {
    usuario_uuid: painters[0],
    titulo: 'Pedido urgente',
    mensaje: 'El lote 101 sale hoy.',
  });
  // An offline comment replayed with its idempotency key (twice: the second answer is the stored one).
  const key = '6f1c1f0e-5b7a-4c2e-9d1a-0c9e8b7a6d5c';
  for (let i = 0; i < 2; i++) {
    await call(
      tokens[0],
      'POST',
      `/assigned-tasks/${occurrences.find((o) => o.username === 'pintor1').uuid}/comments`,
      { texto: 'Escrito sin conexión.' },
      { 'Idempotency-Key': key },
    );
  }
  await call(tokens[1], 'POST', '/events/ticket', {});

  // From v0.5.16 on: problem reports on a machine, time on task, a shared terminal and a PIN.
  if (await q(`SELECT 1 FROM information_schema.tables WHERE table_name = 'terminales'`).then((r) => r.length > 0)) {
    log('solicitudes, tiempo en la tarea, terminal y PIN');
    const operarioUuid = await uuidOf('usuarios', 'username', 'operario');
    // A machine of one of the operario's areas: the accepted report becomes their task.
    const machine = (
      await q(
        `SELECT e.codigo FROM equipos e JOIN usuario_areas ua ON ua.area_uuid = e.area_uuid
          WHERE ua.usuario_uuid = $1 ORDER BY e.codigo LIMIT 1`,
        [operarioUuid],
      )
    )[0].codigo;
    const stopped = await call(operario, 'POST', '/problem-reports', {
      equipo: machine,
      descripcion: 'La correa patina al arrancar y el motor se detiene.',
      equipo_detenido: true,
      urgencia: 'alta',
    });
    const lamp = await call(tokens[0], 'POST', '/problem-reports', {
      area_uuid: carpinteria,
      descripcion: 'Falta luz en el banco 3.',
    });
    await call(admin, 'POST', `/problem-reports/${stopped.uuid}/accept`, {
      usuarios_asignados: [operarioUuid],
      fecha_vencimiento: inDays(1),
    });
    await call(admin, 'POST', `/problem-reports/${lamp.uuid}/reject`, { motivo: 'Ya se cambió la lámpara.' });
    const [open] = await q(
      `SELECT ta.uuid FROM tareas_asignadas ta WHERE ta.empleado_uuid = $1 AND NOT ta.archivada ORDER BY ta.fecha_asignacion LIMIT 1`,
      [operarioUuid],
    );
    await call(operario, 'POST', '/time-entries/start', { tarea_asignada_uuid: open.uuid });
    await call(operario, 'POST', '/time-entries/pause', { tarea_asignada_uuid: open.uuid });
    const hourAgo = (h) => new Date(Date.now() - h * 3_600_000).toISOString();
    await call(operario, 'POST', '/time-entries', {
      tarea_asignada_uuid: open.uuid,
      inicio: hourAgo(5),
      fin: hourAgo(4),
      motivo: 'Olvidé iniciar el cronómetro.',
    });
    const terminal = await call(admin, 'POST', '/terminals', { nombre: 'Banco de Carpintería', area_uuid: carpinteria });
    await call(operario, 'PUT', '/terminals/pin', { pin: '3958', contrasena_actual: 'demo1234' });
    const atTerminal = { 'X-Terminal-Token': terminal.token };
    await call(undefined, 'POST', '/terminals/sign-in', { usuario_uuid: operarioUuid, pin: '3958' }, atTerminal);
    // The wall board's event-stream ticket.
    await call(undefined, 'POST', '/terminals/current/wall/ticket', {}, atTerminal);
  }
  await call(admin, 'DELETE', `/users/${painters[5]}`);
  // Wrong passwords: the audit log's refusals and the login limits' rows.
  for (let i = 0; i < 3; i++) {
    const r = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'operario', password: 'equivocada' }),
    });
    if (r.status !== 401) throw new Error(`login equivocado -> ${r.status}`);
  }
  await call(supervisor, 'POST', '/auth/logout', {});
  log(`escrituras hechas (${occurrences.length} asignaciones de Pintura, hoy ${today})`);
}
