// Each table is written by one module only (issue 32 §3): reads the SQL in apps/api/src (keywords in
// capitals, as every statement here is written), finds the tables each module's statements write (INSERT INTO, UPDATE … SET, DELETE FROM, TRUNCATE, and the
// catalogs' `table:`), and fails when a table has a second writer not in ALLOWED below.
// Run by `npm run lint` (apps/api); `node scripts/table-writers.mjs --list` prints who writes what.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/**
 * Second writers that are meant, each with its reason. A key is `table`, its value the owners
 * (besides the table's module) allowed to write it.
 */
export const ALLOWED = {
  // (`auditoria` is also filled by PostgreSQL's triggers, which are not API code; the API writes it
  // only through common/audit.)
  // The global guard marks a terminal session's last request and closes it when idle (issue 34).
  sesiones: ['common/auth'],
  // The global guard marks a terminal's last use on each of its requests (issue 34).
  terminales: ['common/auth'],
};

/** The module a file belongs to: `modules/<name>` or `common/<name>`; null outside them. */
export function ownerOf(file) {
  const parts = relative(src, file).split(sep);
  if ((parts[0] === 'modules' || parts[0] === 'common') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return null;
}

const IDENT = '"?([a-z_][a-z0-9_]*)"?';
const WRITES = [
  new RegExp(`\\bINSERT\\s+INTO\\s+${IDENT}`, 'g'),
  // UPDATE t [AS] [alias] SET: not `DO UPDATE SET` (an upsert) nor `FOR UPDATE`.
  new RegExp(`(?<!\\bDO\\s)(?<!\\bFOR\\s)(?<!\\bKEY\\s)\\bUPDATE\\s+(?:ONLY\\s+)?${IDENT}(?:\\s+(?:AS\\s+)?[a-z_][a-z0-9_]*)?\\s+SET\\b`, 'g'),
  new RegExp(`\\bDELETE\\s+FROM\\s+(?:ONLY\\s+)?${IDENT}`, 'g'),
  new RegExp(`\\bTRUNCATE\\s+(?:TABLE\\s+)?${IDENT}`, 'g'),
];
/** A catalog (common/catalog) names the table its module's CRUD writes. */
const CATALOG_TABLE = /\btable:\s*sql`"?([a-z_][a-z0-9_]*)"?`/g;

/** The tables `text` writes. */
export function writtenTables(text, { catalog = false } = {}) {
  const tables = new Set();
  for (const re of WRITES) for (const m of text.matchAll(re)) tables.add(m[1]);
  if (catalog) for (const m of text.matchAll(CATALOG_TABLE)) tables.add(m[1]);
  return tables;
}

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) yield path;
  }
}

/** table -> Map(owner -> files) over apps/api/src/modules and apps/api/src/common. */
export function writers(root = src) {
  const byTable = new Map();
  for (const top of ['modules', 'common']) {
    for (const file of files(join(root, top))) {
      const owner = ownerOf(file);
      if (!owner) continue;
      const text = readFileSync(file, 'utf8');
      for (const table of writtenTables(text, { catalog: file.endsWith('.catalog.ts') })) {
        if (!byTable.has(table)) byTable.set(table, new Map());
        const owners = byTable.get(table);
        owners.set(owner, [...(owners.get(owner) ?? []), relative(root, file)]);
      }
    }
  }
  return byTable;
}

/** The tables with more than one writer beyond what ALLOWED says, each with its writers. */
export function violations(byTable, allowed = ALLOWED) {
  const out = [];
  for (const [table, owners] of byTable) {
    const extra = [...owners.keys()].filter((o) => !(allowed[table] ?? []).includes(o));
    if (extra.length > 1) out.push({ table, owners: Object.fromEntries(owners) });
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const byTable = writers();
  if (process.argv.includes('--list')) {
    for (const [table, owners] of [...byTable].sort()) console.log(`${table}: ${[...owners.keys()].join(', ')}`);
  }
  const found = violations(byTable);
  for (const v of found) {
    console.error(`La tabla ${v.table} la escriben varios módulos (una tabla, un módulo):`);
    for (const [owner, where] of Object.entries(v.owners)) console.error(`  ${owner}: ${where.join(', ')}`);
  }
  if (found.length) {
    console.error('Escriba la tabla a través del módulo que la posee, o explique la excepción en ALLOWED (apps/api/scripts/table-writers.mjs).');
    process.exit(1);
  }
}
