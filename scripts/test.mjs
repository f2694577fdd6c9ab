// `npm test`: typecheck, lint, build, then every suite against a real PostgreSQL
// (DATABASE_URL, else an embedded one), the web's unit tests (Vitest) and the browser suite in real Chromium.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDatabase } from './lib/database.mjs';
import { run, runCapture } from './lib/run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.data', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const log = (m) => process.stdout.write(`\n[gestar:test] ${m}\n`);
const started = Date.now();

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`No se encontró Chromium en ${chromium} (instálelo con apt-get install chromium o defina CHROMIUM_PATH)`);
  process.exit(1);
}
// The directory sign-in tests start a real OpenLDAP server.
if (!existsSync('/usr/sbin/slapd')) {
  console.error('No se encontró slapd de OpenLDAP en /usr/sbin/slapd (instálelo con apt-get install slapd ldap-utils)');
  process.exit(1);
}

log('Compilando, verificando tipos y lint');
if ((await run('pnpm', ['exec', 'turbo', 'run', 'build', 'typecheck', 'lint', '--output-logs=errors-only'], { cwd: root })) !== 0) {
  process.exit(1);
}

const db = await ensureDatabase({ root, dataDir: join(root, '.data', 'postgres-test'), databaseName: 'gestar_test', log });
const env = { ...process.env, DATABASE_URL: db.url, CHROMIUM_PATH: chromium, FORCE_COLOR: '0' };

const suites = [
  { name: 'contratos', cwd: 'packages/contracts', cmd: 'pnpm', args: ['exec', 'jest', '--json', `--outputFile=${join(out, 'contracts.json')}`], kind: 'jest', file: 'contracts.json' },
  // The web's pure logic (Vitest); its JSON report has jest's counts.
  {
    name: 'web (Vitest)',
    cwd: 'apps/web',
    cmd: 'pnpm',
    args: ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(out, 'web-unit.json')}`],
    kind: 'jest',
    file: 'web-unit.json',
  },
  { name: 'API (jest + PostgreSQL)', cwd: 'apps/api', cmd: 'pnpm', args: ['exec', 'jest', '--json', `--outputFile=${join(out, 'api.json')}`], kind: 'jest', file: 'api.json' },
  { name: 'despliegue (compose)', cwd: '.', cmd: process.execPath, args: ['--test', '--test-reporter=spec', 'docker/compose.test.mjs', 'docker/postgres-major.test.mjs', 'docker/restore.test.mjs', 'scripts/start.test.mjs'], kind: 'node' },
  { name: 'web (Chromium)', cwd: 'apps/web', cmd: 'pnpm', args: ['exec', 'playwright', 'test'], kind: 'playwright', file: 'web.json', env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, 'web.json') } },
];

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
try {
  for (const s of suites) {
    log(`Suite: ${s.name}`);
    const opts = { cwd: join(root, s.cwd), env: { ...env, ...s.env } };
    let code;
    let counts;
    if (s.kind === 'node') {
      const r = await runCapture(s.cmd, s.args, opts);
      code = r.code;
      const num = (re) => Number(re.exec(r.output)?.[1] ?? 0);
      counts = { passed: num(/ℹ pass (\d+)/), failed: num(/ℹ fail (\d+)/), skipped: num(/ℹ skipped (\d+)/) };
    } else {
      code = await run(s.cmd, s.args, opts);
      counts = readCounts(s);
    }
    passed += counts.passed;
    failed += counts.failed;
    skipped += counts.skipped;
    if (code !== 0 || counts.failed > 0) failures.push(s.name);
    if (code !== 0 && counts.failed === 0) failed += 1;
  }
} finally {
  await db.stop();
}

function readCounts(s) {
  try {
    if (s.kind === 'jest') {
      const j = JSON.parse(readFileSync(join(out, s.file), 'utf8'));
      return { passed: j.numPassedTests, failed: j.numFailedTests, skipped: j.numPendingTests + j.numTodoTests };
    }
    if (s.kind === 'playwright') {
      const j = JSON.parse(readFileSync(join(out, s.file), 'utf8'));
      return { passed: j.stats.expected, failed: j.stats.unexpected + j.stats.flaky, skipped: j.stats.skipped };
    }
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
  return { passed: 0, failed: 0, skipped: 0 };
}

const minutes = ((Date.now() - started) / 60000).toFixed(1);
log(failures.length ? `Fallaron: ${failures.join(', ')}` : `Todas las suites pasaron en ${minutes} min`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
