// A copy made by docker/backup.sh, restored by docker/restore.sh into a fresh installation (issue 37,
// «Backups that restore»; README, «Restaurar una copia»). The real API (apps/api/dist) runs on a new
// database of a real PostgreSQL (DATABASE_URL's server, else 127.0.0.1:5432); through it: people
// signed in, a task with a checklist and a schedule, photos with their thumbnails (checklist
// evidence and a plain attachment). The backup script runs once (BACKUP_ONCE) while the API runs;
// the restore script puts the copy into another new database and an empty uploads folder; the API
// starts on it. Then: every table has the rows it had, every photo and thumbnail is there byte for
// byte and served by the API, no token from before opens anything, and the scheduler, run on the
// restored base (its job, with injected dates), produces no date twice and exactly the dates the
// original would have produced.
// Run from the repository root (after the build): node --test docker/restore.test.mjs
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../scripts/lib/database.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const api = join(root, 'apps', 'api');
const apiRequire = createRequire(join(api, 'package.json'));
const server = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
const urlOf = (name) => Object.assign(new URL(server.href), { pathname: `/${name}` }).href;
const DEMO_PASSWORD = 'demo1234';
const JWT_SECRET = randomBytes(32).toString('hex');
const DAY = 86_400_000;

async function query(db, text, values = []) {
  const c = new pg.Client({ connectionString: urlOf(db) });
  await c.connect();
  try {
    return (await c.query(text, values)).rows;
  } finally {
    await c.end();
  }
}

/** Rows of every table of the application and of its job runtime, by schema-qualified name. */
async function rowCounts(db) {
  const tables = await query(
    db,
    `SELECT schemaname || '.' || tablename AS t FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  const counts = {};
  for (const { t } of tables) {
    const [schema, name] = t.split('.');
    counts[t] = Number((await query(db, `SELECT count(*) AS c FROM "${schema}"."${name}"`))[0].c);
  }
  return counts;
}

/** Every file under `dir` (relative path -> bytes), the runtime's `.tmp` left out. */
function filesOf(dir, prefix = '') {
  const out = {};
  for (const name of readdirSync(join(dir, prefix))) {
    if (!prefix && name === '.tmp') continue;
    const rel = prefix ? join(prefix, name) : name;
    if (statSync(join(dir, rel)).isDirectory()) Object.assign(out, filesOf(dir, rel));
    else out[rel] = readFileSync(join(dir, rel));
  }
  return out;
}

/** The API of apps/api/dist as its own process, on `db` and `uploads`; answers its base URL and how to stop it. */
async function startApi(db, uploads) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(api, 'dist', 'main.js')], {
    cwd: api,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: urlOf(db),
      JWT_SECRET,
      SEED_DEMO: 'true',
      // The scheduler runs below, in this process, with the dates the test gives it.
      SCHEDULER_ENABLED: 'false',
      UPLOADS_DIR: uploads,
      WEB_DIST_DIR: '/nonexistent',
      DB_POOL_SIZE: '4',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 40_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`la API terminó (${child.exitCode}):\n${output}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`la API no respondió en 40 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    let timer;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
    clearTimeout(timer);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  return { base, stop };
}

/** The scheduler's job on `db` at each of `dates` in turn, as the API runs it (apps/api/dist, no HTTP): answers the ticks. */
async function schedulerTicks(db, uploads, dates) {
  apiRequire('reflect-metadata');
  const { loadConfig } = apiRequire('./dist/config.js');
  const { createApp } = apiRequire('./dist/app.factory.js');
  const { SchedulerService } = apiRequire('./dist/modules/scheduled-tasks/scheduler.service.js');
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_URL: 'http://127.0.0.1',
    DATABASE_URL: urlOf(db),
    JWT_SECRET,
    SCHEDULER_ENABLED: 'false',
    UPLOADS_DIR: uploads,
    WEB_DIST_DIR: '/nonexistent',
    DB_POOL_SIZE: '4',
  });
  const app = await createApp(config, { logger: ['error'] });
  await app.init();
  try {
    const ticks = [];
    for (const now of dates) ticks.push(await app.get(SchedulerService).runTick(now));
    return ticks;
  } finally {
    await app.close();
  }
}

/** The occurrences schedules produced: "schedule date person" lines, sorted, and how many repeat. */
async function produced(db) {
  const rows = await query(
    db,
    `SELECT programacion_uuid || ' ' || fecha_ocurrencia || ' ' || empleado_uuid AS k
       FROM tareas_asignadas WHERE programacion_uuid IS NOT NULL ORDER BY 1`,
  );
  const [{ repeated }] = await query(
    db,
    `SELECT count(*)::int AS repeated FROM (
       SELECT 1 FROM tareas_asignadas WHERE programacion_uuid IS NOT NULL
        GROUP BY programacion_uuid, fecha_ocurrencia, empleado_uuid HAVING count(*) > 1) d`,
  );
  return { keys: rows.map((r) => r.k), repeated };
}

// One base with the migrations applied, the template of the bases below (each test's own copy).
const template = `gestar_copia_plantilla_${randomBytes(4).toString('hex')}`;
before(async () => {
  assert.ok(existsSync(join(api, 'dist', 'main.js')), 'falta apps/api/dist: compile antes (pnpm exec turbo run build)');
  await query('postgres', `CREATE DATABASE "${template}"`);
  const m = spawnSync(process.execPath, [join(api, 'dist', 'database', 'migrate.js')], {
    env: { ...process.env, DATABASE_URL: urlOf(template) },
    encoding: 'utf8',
  });
  assert.equal(m.status, 0, m.stdout + m.stderr);
});
after(async () => {
  await query('postgres', `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`).catch(() => undefined);
});

describe('docker/restore.sh: a backup restored into a fresh installation', () => {
  const id = randomBytes(4).toString('hex');
  const source = `gestar_copia_origen_${id}`;
  const target = `gestar_copia_destino_${id}`;
  const dir = mkdtempSync(join(tmpdir(), 'gestar-restaurar-'));
  const backups = join(dir, 'backups');
  const oldUploads = join(dir, 'uploads-origen');
  const newUploads = join(dir, 'uploads-destino');
  const libpq = {
    PGHOST: server.hostname,
    PGPORT: server.port || '5432',
    PGUSER: decodeURIComponent(server.username) || 'postgres',
    PGPASSWORD: decodeURIComponent(server.password),
    PGCONNECT_TIMEOUT: '10',
  };
  let contracts;
  let skip = '';
  const stops = [];

  before(async () => {
    contracts = apiRequire('@gestar/contracts');
    for (const d of [backups, oldUploads, newUploads]) mkdirSync(d, { recursive: true });
    // The machine's pg_dump must be of the server's major or newer (as in the compose image, both 17).
    const dumpMajor = Number(
      /(\d+)\./.exec(spawnSync('pg_dump', ['--version'], { encoding: 'utf8' }).stdout ?? '')?.[1],
    );
    const [{ server_version_num: serverNum }] = await query('postgres', 'SHOW server_version_num');
    if (!dumpMajor || dumpMajor < Math.floor(Number(serverNum) / 10000))
      skip = `pg_dump ${dumpMajor || '?'} es anterior al servidor (${serverNum})`;
    await query('postgres', `CREATE DATABASE "${source}" TEMPLATE "${template}"`);
  });

  after(async () => {
    for (const stop of stops) await stop().catch(() => undefined);
    // Together: each DROP DATABASE waits for a checkpoint, and requests at the same time share one.
    await Promise.all(
      [source, target, `${target}_restaurando`].map((d) =>
        query('postgres', `DROP DATABASE IF EXISTS "${d}" WITH (FORCE)`).catch(() => undefined),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  });

  test(
    'every row, every photo and thumbnail, no session from before, the scheduler resuming without a date twice',
    { timeout: 120_000 },
    async (t) => {
      if (skip) return t.skip(skip);
      const c = contracts;
      const now = new Date();
      const today = c.todayIn(c.DEFAULT_TIMEZONE ?? 'America/Argentina/Buenos_Aires', now);

      // 1. The installation in use: the API on its base, people working through it.
      const first = await startApi(source, oldUploads);
      stops.push(first.stop);
      const call = async (base, path, { token, body, form, method, expect = 200 } = {}) => {
        const res = await fetch(`${base}${path}`, {
          method: method ?? (body || form ? 'POST' : 'GET'),
          headers: {
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
            ...(body ? { 'Content-Type': 'application/json' } : {}),
            [c.REFRESH_IN_BODY.header]: c.REFRESH_IN_BODY.value,
          },
          body: body ? JSON.stringify(body) : form,
        });
        const type = res.headers.get('content-type') ?? '';
        const payload = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
        assert.equal(
          res.status,
          expect,
          `${path}: ${res.status} ${type.includes('json') ? JSON.stringify(payload) : ''}`,
        );
        return payload;
      };
      const login = async (base, username) =>
        c.LoginResponseSchema.parse(
          await call(base, '/api/auth/login', { body: { username, password: DEMO_PASSWORD } }),
        );
      const sessions = {};
      for (const who of ['admin', 'supervisor', 'operario']) sessions[who] = await login(first.base, who);
      // A second device of the operario, and one session already closed by its owner.
      const tablet = await login(first.base, 'operario');
      const closed = await login(first.base, 'supervisor');
      await call(first.base, '/api/auth/logout', { token: closed.token, body: { refreshToken: closed.refreshToken } });
      const admin = sessions.admin.token;

      const [{ uuid: tipo }] = await query(source, 'SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1');
      const [{ uuid: area }] = await query(source, `SELECT uuid FROM areas WHERE nombre = 'Carpintería'`);
      const operario = sessions.operario.user.uuid;
      const task = c.TaskResponseSchema.parse(
        await call(first.base, '/api/tasks', {
          token: admin,
          expect: 201,
          body: {
            titulo: 'Revisión diaria de la escuadradora',
            descripcion: 'Con foto del disco',
            tipo_tarea_uuid: tipo,
            area_uuid: area,
            usuarios_asignados: [operario],
            fecha_vencimiento: today,
            programacion_tarea: { proxima_ejecucion: today, intervalo_repeticion: 1 },
            checklist: [{ texto: 'Foto del disco', requiere_foto: true }, { texto: 'Limpiar la mesa' }],
          },
        }),
      );
      // The schedules' occurrences up to today (the demo's and this one), produced by the scheduler's job.
      const [firstTick] = await schedulerTicks(source, oldUploads, [now]);
      assert.ok(firstTick.occurrences.length > 0, 'el planificador produjo tareas en la base original');
      const [{ uuid: occurrence }] = await query(
        source,
        'SELECT uuid FROM tareas_asignadas WHERE tarea_uuid = $1 ORDER BY fecha_asignacion LIMIT 1',
        [task.uuid],
      );
      const detail = c.AssignedTaskResponseSchema.parse(
        await call(first.base, `/api/assigned-tasks/${occurrence}/detail`, { token: sessions.operario.token }),
      );
      const [step] = detail.checklist;
      const sharp = apiRequire('sharp');
      const photo = (r, g, b) =>
        sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r, g, b } } })
          .jpeg({ quality: 80 })
          .toBuffer();
      const upload = async (bytes, name, fields = {}) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        form.append('archivo', new Blob([bytes], { type: 'image/jpeg' }), name);
        return c.AttachmentResponseSchema.parse(
          await call(first.base, `/api/assigned-tasks/${occurrence}/attachments`, {
            token: sessions.operario.token,
            form,
            expect: 201,
          }),
        );
      };
      const evidence = await upload(await photo(200, 90, 40), 'disco.jpg', { checklist_item_uuid: step.uuid });
      const plain = await upload(await photo(40, 90, 200), 'mesa.jpg');
      assert.ok(evidence.miniatura_url && plain.miniatura_url, 'las fotos tienen miniatura');
      c.ChecklistItemResponseSchema.parse(
        await call(first.base, `/api/assigned-tasks/${occurrence}/checklist/${step.uuid}`, {
          token: sessions.operario.token,
          method: 'PUT',
          body: { hecho: true },
        }),
      );
      const photos = await query(source, 'SELECT uuid, clave, miniatura_clave FROM adjuntos ORDER BY uuid');
      assert.equal(photos.length, 2);
      assert.ok(
        photos.every((p) => p.miniatura_clave),
        'cada foto con su miniatura en la base',
      );

      // 2. The copy, by the backup script itself (once), while the API runs.
      const backup = spawnSync('bash', [join(root, 'docker', 'backup.sh')], {
        env: {
          ...process.env,
          ...libpq,
          PGDATABASE: source,
          BACKUP_ONCE: 'true',
          BACKUP_DIR: backups,
          UPLOADS_DIR: oldUploads,
        },
        encoding: 'utf8',
      });
      assert.equal(backup.status, 0, backup.stdout + backup.stderr);
      const sourceRows = await rowCounts(source);
      const sourceFiles = filesOf(oldUploads);
      await first.stop();
      assert.equal(Object.keys(sourceFiles).length, 4, Object.keys(sourceFiles).join(', '));
      const [dump] = readdirSync(backups).filter((f) => f.endsWith('.dump'));
      assert.ok(dump, readdirSync(backups).join(', '));

      // 3. The restore, into a base that does not exist yet and an empty uploads folder.
      const restore = spawnSync('bash', [join(root, 'docker', 'restore.sh'), join(backups, dump), '--confirmar'], {
        env: { ...process.env, ...libpq, PGDATABASE: target, BACKUP_DIR: backups, UPLOADS_DIR: newUploads },
        encoding: 'utf8',
      });
      assert.equal(restore.status, 0, restore.stdout + restore.stderr);
      assert.match(restore.stdout, /Sesiones cerradas: 4/);

      // Every row of every table, the job runtime's included; the only change: sessions ended.
      const targetRows = await rowCounts(target);
      assert.ok(
        sourceRows['public.tareas_asignadas'] > 0 && sourceRows['public.sesiones'] === 5,
        JSON.stringify(sourceRows),
      );
      assert.deepEqual(targetRows, { ...sourceRows, 'public.tickets_eventos': 0 });
      assert.deepEqual(await query(target, 'SELECT count(*)::int AS open FROM sesiones WHERE cerrada_en IS NULL'), [
        { open: 0 },
      ]);
      assert.deepEqual(
        await query(target, 'SELECT count(*)::int AS live FROM refresh_tokens WHERE revoked_at IS NULL'),
        [{ live: 0 }],
      );
      // Every photo and thumbnail, byte for byte, and nothing else.
      assert.deepEqual(filesOf(newUploads), sourceFiles);
      assert.ok(!existsSync(join(newUploads, '.restaurando')));

      // 4. The restored installation: the API starts on it.
      const second = await startApi(target, newUploads);
      stops.push(second.stop);
      // No token from before opens anything: neither the access tokens nor the refresh tokens.
      for (const s of [...Object.values(sessions), tablet, closed]) {
        const refused = await call(second.base, '/api/auth/sessions', { token: s.token, expect: 401 });
        assert.equal(refused.message, c.MESSAGES.errors.sessionEnded);
        await call(second.base, '/api/auth/refresh-token', { body: { refreshToken: s.refreshToken }, expect: 401 });
      }
      // Signing in again works; the photos and thumbnails are served as they were uploaded.
      const again = await login(second.base, 'operario');
      const open = c.SessionListResponseSchema.parse(
        await call(second.base, '/api/auth/sessions', { token: again.token }),
      );
      assert.equal(open.length, 1);
      for (const p of photos) {
        assert.deepEqual(
          await call(second.base, `/api/attachments/${p.uuid}`, { token: again.token }),
          sourceFiles[p.clave],
        );
        assert.deepEqual(
          await call(second.base, `/api/attachments/${p.uuid}/miniatura`, { token: again.token }),
          sourceFiles[p.miniatura_clave],
        );
      }
      const listed = c.AttachmentListResponseSchema.parse(
        await call(second.base, `/api/assigned-tasks/${occurrence}/attachments`, { token: again.token }),
      );
      assert.deepEqual(listed.map((a) => a.uuid).sort(), photos.map((p) => p.uuid).sort());
      await second.stop();

      // 5. The scheduler resumes where the copy left it: the tick of the copy's moment produces nothing
      // again, and the next days produce exactly what the original base produces for them, each date once.
      const later = new Date(now.getTime() + 10 * DAY);
      const [replay, resumed] = await schedulerTicks(target, newUploads, [now, later]);
      assert.equal(replay.occurrences.length, 0, JSON.stringify(replay.occurrences.slice(0, 3)));
      const [original] = await schedulerTicks(source, oldUploads, [later]);
      assert.ok(resumed.occurrences.length > 0, 'el planificador produjo los días siguientes');
      const [mine, theirs] = [await produced(target), await produced(source)];
      assert.equal(mine.repeated, 0);
      assert.equal(resumed.occurrences.length, original.occurrences.length);
      assert.deepEqual(mine.keys, theirs.keys);
    },
  );
});

describe('docker/restore.sh refuses what would leave a broken installation', () => {
  const id = randomBytes(4).toString('hex');
  const live = `gestar_copia_viva_${id}`;
  const dir = mkdtempSync(join(tmpdir(), 'gestar-restaurar-'));
  const backups = join(dir, 'backups');
  const broken = join(dir, 'rotas');
  const uploads = join(dir, 'uploads');
  const libpq = {
    PGHOST: server.hostname,
    PGPORT: server.port || '5432',
    PGUSER: decodeURIComponent(server.username) || 'postgres',
    PGPASSWORD: decodeURIComponent(server.password),
    PGCONNECT_TIMEOUT: '10',
  };
  const restore = (...args) =>
    spawnSync('bash', [join(root, 'docker', 'restore.sh'), ...args], {
      env: { ...process.env, ...libpq, PGDATABASE: live, BACKUP_DIR: backups, UPLOADS_DIR: uploads },
      encoding: 'utf8',
    });
  /** What a restore would change: the rows written after the copy, the files, leftovers of a restore. */
  const state = async () => ({
    after: (await query(live, `SELECT count(*)::int AS n FROM areas WHERE nombre = 'Después de la copia'`))[0].n,
    files: Object.keys(filesOf(uploads)).sort(),
    staging: (
      await query('postgres', 'SELECT count(*)::int AS n FROM pg_database WHERE datname = $1', [`${live}_restaurando`])
    )[0].n,
  });
  let skip = '';

  before(async () => {
    for (const d of [backups, broken, uploads]) mkdirSync(d, { recursive: true });
    const dumpMajor = Number(
      /(\d+)\./.exec(spawnSync('pg_dump', ['--version'], { encoding: 'utf8' }).stdout ?? '')?.[1],
    );
    const [{ server_version_num: serverNum }] = await query('postgres', 'SHOW server_version_num');
    if (!dumpMajor || dumpMajor < Math.floor(Number(serverNum) / 10000))
      skip = `pg_dump ${dumpMajor || '?'} es anterior al servidor (${serverNum})`;
    await query('postgres', `CREATE DATABASE "${live}" TEMPLATE "${template}"`);
    writeFileSync(join(uploads, 'a1b2-foto.jpg'), randomBytes(1024));
  });

  after(async () => {
    await Promise.all(
      [live, `${live}_restaurando`].map((d) =>
        query('postgres', `DROP DATABASE IF EXISTS "${d}" WITH (FORCE)`).catch(() => undefined),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  });

  test('without --confirmar, with the app connected, a cut dump or a missing archive: nothing changes', async (t) => {
    if (skip) return t.skip(skip);
    const backup = spawnSync('bash', [join(root, 'docker', 'backup.sh')], {
      env: {
        ...process.env,
        ...libpq,
        PGDATABASE: live,
        BACKUP_ONCE: 'true',
        BACKUP_DIR: backups,
        UPLOADS_DIR: uploads,
      },
      encoding: 'utf8',
    });
    assert.equal(backup.status, 0, backup.stdout + backup.stderr);
    const [dump] = readdirSync(backups).filter((f) => f.endsWith('.dump'));
    // Work done after the copy: a restore would take it away.
    await query(live, `INSERT INTO areas (nombre) VALUES ('Después de la copia')`);
    writeFileSync(join(uploads, 'c3d4-despues.jpg'), randomBytes(512));
    const untouched = { after: 1, files: ['a1b2-foto.jpg', 'c3d4-despues.jpg'], staging: 0 };
    assert.deepEqual(await state(), untouched);

    // Not confirmed: it says what it would replace and stops.
    let r = restore('ultima');
    assert.equal(r.status, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /No se hizo nada: vuelva a ejecutar con --confirmar/);
    assert.deepEqual(await state(), untouched);

    // The application still connected: refused, the base in use is not dropped under it.
    const app = new pg.Client({ connectionString: urlOf(live) });
    await app.connect();
    try {
      r = restore('ultima', '--confirmar');
      assert.equal(r.status, 2, r.stdout + r.stderr);
      assert.match(r.stderr, /Hay 1 conexiones abiertas a la base .*: detenga la aplicación/);
      assert.deepEqual((await app.query('SELECT 1 AS ok')).rows, [{ ok: 1 }]);
    } finally {
      await app.end();
    }
    assert.deepEqual(await state(), untouched);

    // A dump cut short (a copy interrupted on its way to this server): refused, the base and the files in
    // place untouched, nothing left of the attempt (its table of contents may still read whole: then
    // pg_restore fails on the missing data, in the staging base that is dropped).
    const bytes = readFileSync(join(backups, dump));
    const cut = join(broken, dump);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    writeFileSync(
      cut.replace(/\.dump$/, '.uploads.tar.gz'),
      readFileSync(join(backups, dump.replace(/\.dump$/, '.uploads.tar.gz'))),
    );
    r = restore(cut, '--confirmar');
    assert.notEqual(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stderr, /no se puede leer|La restauración falló; la base .* y los archivos quedaron como estaban/);
    assert.deepEqual(await state(), untouched);

    // A dump without its files: refused (the photos would be lost), unless asked for.
    rmSync(cut.replace(/\.dump$/, '.uploads.tar.gz'));
    writeFileSync(cut, bytes);
    r = restore(cut, '--confirmar');
    assert.equal(r.status, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /Falta .*uploads\.tar\.gz, los archivos subidos de esa copia/);
    assert.deepEqual(await state(), untouched);

    // The copy itself: the base and the folder are the copy's, the work after it gone.
    r = restore('ultima', '--confirmar');
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.deepEqual(await state(), { after: 0, files: ['a1b2-foto.jpg'], staging: 0 });
  });
});
