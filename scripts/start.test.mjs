// `npm start` on a data folder of another PostgreSQL major: refused with what to do, before building.
// Run from the repository root: node --test scripts/start.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkDataMajor, DataMajorError, embeddedMajor, ensureDatabase } from './lib/database.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A data folder whose PG_VERSION says `major` (what initdb of that major leaves), readable by the postgres user. */
function dataFolder(major) {
  const parent = mkdtempSync(join(tmpdir(), 'gestar-pgdata-'));
  chmodSync(parent, 0o755);
  const dir = join(parent, 'postgres');
  mkdirSync(dir, { mode: 0o700 });
  writeFileSync(join(dir, 'PG_VERSION'), `${major}\n`);
  writeFileSync(join(dir, 'postgresql.conf'), '# de otra versión\n');
  return { parent, dir };
}

describe('npm start and the PostgreSQL major of its data folder', () => {
  test('the embedded binaries are PostgreSQL 17 (docs/DECISIONS.md, «Deployment and configuration»)', () => {
    assert.equal(embeddedMajor(root), 17);
  });

  test('a folder of PostgreSQL 16: exit 3 before building, a Spanish message with what to do, the folder untouched', () => {
    const { parent, dir } = dataFolder(16);
    try {
      const env = { ...process.env, EMBEDDED_PG_DATA: dir };
      delete env.DATABASE_URL;
      const r = spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs')], { env, cwd: root, encoding: 'utf8', timeout: 60_000 });
      assert.equal(r.status, 3, r.stdout + r.stderr);
      assert.doesNotMatch(r.stdout, /Compilando/, 'no compila antes de rechazar');
      assert.match(r.stderr, new RegExp(`La carpeta de datos de PostgreSQL ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} es de PostgreSQL 16, pero Gestar usa PostgreSQL 17`));
      assert.match(r.stderr, /borre o mueva esa carpeta y vuelva a ejecutar npm start/);
      assert.match(r.stderr, /haga una copia con PostgreSQL 16 \(pg_dump -Fc\)/);
      assert.match(r.stderr, /README, «Cambiar de versión mayor de PostgreSQL»/);
      assert.match(r.stderr, /DATABASE_URL/);
      assert.deepEqual(readdirSync(dir).sort(), ['PG_VERSION', 'postgresql.conf']);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  test('the test runner refuses it too (ensureDatabase), with the same error', async () => {
    const { parent, dir } = dataFolder(16);
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      await assert.rejects(ensureDatabase({ root, dataDir: dir, databaseName: 'gestar', log: () => {} }), (err) => {
        assert.ok(err instanceof DataMajorError);
        assert.match(err.message, /es de PostgreSQL 16, pero Gestar usa PostgreSQL 17/);
        return true;
      });
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
      rmSync(parent, { recursive: true, force: true });
    }
  });

  test('a folder of PostgreSQL 17, or one not created yet, is accepted', () => {
    const { parent, dir } = dataFolder(17);
    try {
      assert.doesNotThrow(() => checkDataMajor(root, dir));
      assert.doesNotThrow(() => checkDataMajor(root, join(parent, 'nueva')));
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
