import { spawn } from 'node:child_process';

/** Runs a command, inheriting stdio; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

/** Runs a command, echoing its output while keeping a copy; resolves with { code, output }. */
export function runCapture(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    const keep = (stream) => (chunk) => {
      output += chunk;
      stream.write(chunk);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
    child.on('error', () => resolve({ code: 1, output }));
  });
}

/**
 * The parts a tool runs: those named in `args` (all when none), each one of `names`;
 * an unknown name ends the process. Returns { only, wants(name) }.
 */
export function selectParts(names, args, what) {
  for (const name of args) {
    if (!names.includes(name)) {
      console.error(`${what} desconocido: ${name} (uno de: ${names.join(', ')})`);
      process.exit(2);
    }
  }
  return { only: args, wants: (name) => args.length === 0 || args.includes(name) };
}
