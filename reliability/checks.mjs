// What every scenario of `npm run reliability` shares: its knobs, the log, and
// the figures and checks the report is written from.
//
//   LOAD_SECONDS (60), LOAD_CLIENTS (50), SCHEDULER_KILLS (20), SCHEDULES (300); SOAK_MINUTES (30) and KILL_ROUNDS (5) in their scenarios
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..');
export const logDir = join(root, '.data', 'reliability-logs');
export const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
export const LOAD_CLIENTS = Number(process.env.LOAD_CLIENTS ?? 50);
export const KILLS = Number(process.env.SCHEDULER_KILLS ?? 20);
export const SCHEDULES = Number(process.env.SCHEDULES ?? 300);

export const started = Date.now();
export const log = (m) =>
  process.stdout.write(`[fiabilidad ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${m}\n`);

/** The figures of each scenario, by name (load, outage, sigterm, migrations, scheduler). */
export const figures = {};
export const checks = [];
/** Markdown of each scenario that writes its own part of the report, by scenario name. */
export const sections = {};
export function section(name, markdown) {
  sections[name] = markdown;
}
export function check(name, ok, detail) {
  checks.push({ name, ok, detail });
  log(`${ok ? 'OK   ' : 'FALLA'} ${name}: ${detail}`);
}
