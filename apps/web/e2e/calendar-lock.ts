/**
 * The company calendar is one per installation: a test that takes this year's holidays away and
 * back (holidays-offer.spec.ts) and a test that reads which years are loaded (the schedule form's
 * warning) must not run at the same time on two workers. They hold this lock, a folder made
 * atomically, one run of the suite apart from another (E2E_RUN_ID).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const LOCK = join(tmpdir(), `gestar-e2e-calendar-${process.env.E2E_RUN_ID ?? 'local'}`);
const WAIT_MS = 100_000;

export async function withCalendarLock<T>(fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`El calendario de las pruebas sigue tomado después de ${WAIT_MS} ms`);
      await sleep(200);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
