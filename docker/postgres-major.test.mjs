// The README's path between PostgreSQL majors (README, «Cambiar de versión mayor de PostgreSQL»):
// its copy and restore commands, taken from the README as written, run against a real PostgreSQL
// (DATABASE_URL's server, else 127.0.0.1:5432) on databases this test creates and drops, photos
// included. The `dc exec backup …` and `dc run … app` prefixes become local runs: the backup
// script is docker/backup.sh, the volumes /backups, /uploads and /app/uploads are folders here.
// Run from the repository root (after the build): node --test docker/postgres-major.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
const urlOf = (name) => Object.assign(new URL(server.href), { pathname: `/${name}` }).href;
const EXAMPLE_STAMP = '20260101T060000Z';

/** The shell commands of the README's section, one per line (`\` continuations joined). */
export function sectionCommands(readme) {
  const start = readme.indexOf('### Cambiar de versión mayor de PostgreSQL');
  assert.ok(start >= 0, 'falta la sección en el README');
  const end = readme.indexOf('\n### ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const blocks = [...section.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]);
  return blocks
    .flatMap((b) => b.replace(/\\\n\s*/g, ' ').split('\n'))
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
}

async function query(db, text, values = []) {
  const c = new pg.Client({ connectionString: urlOf(db) });
  await c.connect();
  try {
    return (await c.query(text, values)).rows;
  } finally {
    await c.end();
  }
}

describe('README: from one PostgreSQL major to another (copy, new base, restore, photos)', () => {
  const id = randomBytes(4).toString('hex');
  const source = `gestar_mayor_origen_${id}`;
  const target = `gestar_mayor_destino_${id}`;
  const dir = mkdtempSync(join(tmpdir(), 'gestar-mayor-'));
  const backups = join(dir, 'backups');
  const oldUploads = join(dir, 'uploads-viejo');
  const newUploads = join(dir, 'uploads-nuevo');
  const photos = { 'a1b2-foto.jpg': randomBytes(2048), 'a1b2-miniatura.webp': randomBytes(512) };
  const libpq = {
    PGHOST: server.hostname,
    PGPORT: server.port || '5432',
    PGUSER: decodeURIComponent(server.username) || 'postgres',
    PGPASSWORD: decodeURIComponent(server.password),
    PGCONNECT_TIMEOUT: '10',
  };

  before(async () => {
    const migrate = join(root, 'apps', 'api', 'dist', 'database', 'migrate.js');
    assert.ok(existsSync(migrate), `falta ${migrate}: compile antes (pnpm exec turbo run build)`);
    for (const d of [backups, oldUploads, newUploads]) mkdirSync(d, { recursive: true });
    await query('postgres', `CREATE DATABASE "${source}"`);
    const m = spawnSync(process.execPath, [migrate], {
      env: { ...process.env, DATABASE_URL: urlOf(source) },
      encoding: 'utf8',
    });
    assert.equal(m.status, 0, m.stdout + m.stderr);
    // A person and the photo rows the uploads folder holds the bytes of.
    const [{ uuid }] = await query(
      source,
      `INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid)
       SELECT 'fotografa', 'x', 'Ana', 'Foto', uuid FROM roles ORDER BY nombre LIMIT 1 RETURNING uuid`,
    );
    await query(
      source,
      `INSERT INTO adjuntos (descripcion, nombre, tipo, tamano, clave, miniatura_clave, creado_por_uuid)
       VALUES (true, 'foto.jpg', 'image/jpeg', 2048, 'a1b2-foto.jpg', 'a1b2-miniatura.webp', $1)`,
      [uuid],
    );
    for (const [name, bytes] of Object.entries(photos)) writeFileSync(join(oldUploads, name), bytes);
  });

  after(async () => {
    for (const d of [source, target]) await query('postgres', `DROP DATABASE IF EXISTS "${d}" WITH (FORCE)`).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  test("the README's copy and restore commands carry every row and every photo into a new base", async (t) => {
    const commands = sectionCommands(readFileSync(join(root, 'README.md'), 'utf8'));
    // The machine's pg_dump must be of the server's major or newer (as in the compose image): against the
    // embedded PostgreSQL 17 with Debian's pg_dump 15 the copy cannot be made here, as in the backup test.
    const dumpMajor = Number(/(\d+)\./.exec(spawnSync('pg_dump', ['--version'], { encoding: 'utf8' }).stdout ?? '')?.[1]);
    const [{ server_version_num: serverNum }] = await query('postgres', 'SHOW server_version_num');
    if (!dumpMajor || dumpMajor < Math.floor(Number(serverNum) / 10000)) {
      return t.skip(`pg_dump ${dumpMajor || '?'} es anterior al servidor (${serverNum})`);
    }
    const run = (line, env = {}) => {
      const r = spawnSync('bash', ['-c', line], { env: { ...process.env, ...libpq, ...env }, encoding: 'utf8' });
      assert.equal(r.status, 0, `${line}\n${r.stdout}${r.stderr}`);
      return r.stdout;
    };

    // Step 1: the copy, as the backup service makes it.
    const copy = commands.find((c) => c.startsWith('dc exec backup env BACKUP_ONCE=true bash '));
    assert.ok(copy, 'el README da el comando de la copia');
    run(copy.replace(/^dc exec backup /, '').replace('/usr/local/bin/gestar-backup.sh', join(root, 'docker', 'backup.sh')), {
      PGDATABASE: source,
      BACKUP_DIR: backups,
      UPLOADS_DIR: oldUploads,
    });
    const files = readdirSync(backups).sort();
    const dump = files.find((f) => f.endsWith('.dump'));
    assert.ok(dump, files.join(', '));
    const stamp = /-(\d{8}T\d{6}Z)\.dump$/.exec(dump)[1];
    assert.ok(files.includes(dump.replace(/\.dump$/, '.uploads.tar.gz')), files.join(', '));
    const local = (line) =>
      line
        .replaceAll(`gestar-${EXAMPLE_STAMP}`, dump.replace(/-\d{8}T\d{6}Z\.dump$/, `-${stamp}`))
        .replaceAll('/backups/', `${backups}/`)
        .replaceAll('/app/uploads', newUploads)
        .replace(/ -d gestar\b/, ` -d ${target}`);

    // Step 4: the new, empty base (the image creates it as POSTGRES_DB).
    await query('postgres', `CREATE DATABASE "${target}"`);

    // Step 5: the restore of the base and of the files, and the check.
    const restore = commands.find((c) => c.startsWith('dc exec backup pg_restore '));
    const untar = commands.find((c) => c.startsWith('dc run ') && c.includes(' --entrypoint tar app '));
    const check = commands.find((c) => c.startsWith('dc exec backup psql '));
    assert.ok(restore && untar && check, 'el README da la restauración de la base, de los archivos y la comprobación');
    run(local(restore.replace(/^dc exec backup /, '')));
    run(local(untar.replace(/^dc run .* --entrypoint tar app /, 'tar ')));
    assert.equal(run(local(check.replace(/^dc exec backup /, ''))).trim(), '1');

    // Every table has the same rows; the photos the rows name are there, byte for byte.
    const tables = (await query(source, `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).map((r) => r.tablename);
    assert.ok(tables.includes('adjuntos') && tables.includes('migrations'), tables.join(', '));
    const rows = async (db) => {
      const counts = {};
      for (const t of tables) counts[t] = Number((await query(db, `SELECT count(*) AS c FROM "${t}"`))[0].c);
      return counts;
    };
    assert.deepEqual(await rows(target), await rows(source));
    const named = await query(target, 'SELECT clave, miniatura_clave FROM adjuntos');
    for (const key of named.flatMap((r) => [r.clave, r.miniatura_clave])) {
      assert.deepEqual(readFileSync(join(newUploads, key)), photos[key], key);
    }
    // The restored base still runs Gestar's own functions and triggers (a write is audited).
    await query(target, `UPDATE usuarios SET nombre = 'Ana María' WHERE username = 'fotografa'`);
  });
});
