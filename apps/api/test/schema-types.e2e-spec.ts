import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { adminQuery, dropDatabase, uniqueName, urlForDatabase } from './setup/db';

const run = promisify(execFile);
const API = join(__dirname, '..');
const COMMITTED = join(API, 'generated', 'schema.d.ts');

/**
 * The row types the repositories are checked against (issue 32 §4) are what the migrations build:
 * regenerated from a copy of the migrated template database, they equal the committed file.
 */
describe('schema types: generated/schema.d.ts', () => {
  it('is what scripts/db-types.mjs generates from the migrated schema', async () => {
    const template = process.env.GESTAR_TEMPLATE_DB;
    if (!template) throw new Error('GESTAR_TEMPLATE_DB no definido: falta el globalSetup de jest');
    const name = uniqueName('gestar_types');
    const dir = mkdtempSync(join(tmpdir(), 'gestar-types-'));
    await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    try {
      const out = join(dir, 'schema.d.ts');
      await run(process.execPath, [join(API, 'scripts', 'db-types.mjs'), '--url', urlForDatabase(name), '--out', out], {
        cwd: API,
      });
      const generated = readFileSync(out, 'utf8');
      const committed = readFileSync(COMMITTED, 'utf8');
      if (generated !== committed) {
        throw new Error(
          'generated/schema.d.ts no corresponde a las migraciones: ejecute `pnpm --filter @gestar/api db:types` y confirme el archivo.\n' +
            firstDifference(committed, generated),
        );
      }
    } finally {
      await dropDatabase(name);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('fails on a committed file that differs (a column renamed by hand)', () => {
    const committed = readFileSync(COMMITTED, 'utf8');
    const renamed = committed.replace(/^(export interface Usuarios \{[\s\S]*?\n {2})nombre:/m, '$1nombre_completo:');
    expect(renamed).not.toBe(committed);
    expect(firstDifference(committed, renamed)).toMatch(/nombre_completo/);
  });
});

/** The first line where the two texts differ, to say what changed. */
function firstDifference(a: string, b: string): string {
  const x = a.split('\n');
  const y = b.split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] !== y[i]) return `línea ${i + 1}:\n  confirmado: ${x[i] ?? '(fin)'}\n  generado:   ${y[i] ?? '(fin)'}`;
  }
  return '';
}
