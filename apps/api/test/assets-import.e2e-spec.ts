/**
 * Import of machines from an XLSX or CSV (issue 33 §1): the preview says each row's errors in
 * Spanish and writes nothing; the import writes every row or none. Hostile first: bad rows, the
 * largest file, too many rows, a cycle of parents, another area, a file that is no spreadsheet.
 */
import * as XLSX from 'xlsx';
import {
  ASSET_IMPORT_MAX_ROWS,
  AssetImportPreviewResponseSchema,
  AssetImportResponseSchema,
  AssetPageResponseSchema,
  MESSAGES,
} from '@gestar/contracts';
import { count, createTestApp, expectError, parseWith, TestApp, tokenFor } from './support/test-app';

const m = MESSAGES.assets;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const HEADER = ['codigo', 'nombre', 'area', 'padre', 'fabricante', 'modelo', 'numero_serie'];

function xlsx(rows: string[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Equipos');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n'));

describe('Equipos: importación (e2e)', () => {
  let t: TestApp;
  let admin: string;
  let supervisor: string;

  const send = (path: string, token: string, bytes: Buffer, name: string) =>
    t.http.post(path).set(auth(token)).attach('archivo', bytes, { filename: name });

  beforeAll(async () => {
    t = await createTestApp();
    [admin, supervisor] = await Promise.all([tokenFor(t, 'admin'), tokenFor(t, 'supervisor')]);
    await t.http
      .post('/api/assets')
      .set(auth(admin))
      .send({ codigo: 'EXI-01', nombre: 'Existente', area_uuid: (await t.ds.query(`SELECT uuid FROM areas WHERE nombre = 'Carpintería'`))[0].uuid })
      .expect(201);
  });
  afterAll(() => t.close());

  it('a file with bad rows: the preview says each error, the import answers 400 and writes nothing', async () => {
    const rows = [
      HEADER,
      ['SIE-10', 'Sierra circular', 'Carpintería', '', 'Altendorf', 'F45', 'A1'],
      ['sie-10', 'Otra sierra', 'Carpinteria', '', '', '', ''],
      ['', 'Sin código', 'Carpintería', '', '', '', ''],
      ['EXI-01', 'Ya existe', 'Carpintería', '', '', '', ''],
      ['ZZZ-01', '', 'Pintura', '', '', '', ''],
      ['LOG-10', 'Autoelevador', 'Logística', '', '', '', ''],
      ['HIJ-01', 'Hijo', 'Carpintería', 'NO-EXISTE', '', '', ''],
      ['CIC-A', 'Ciclo A', 'Carpintería', 'CIC-B', '', '', ''],
      ['CIC-B', 'Ciclo B', 'Carpintería', 'CIC-A', '', '', ''],
      ['LARGO-1', 'x'.repeat(201), 'Carpintería', '', '', '', ''],
    ];
    const before = await count(t, 'equipos');
    const intervals = await count(t, 'equipo_estados');
    const preview = parseWith(
      AssetImportPreviewResponseSchema,
      (await send('/api/assets/import/preview', supervisor, xlsx(rows), 'equipos.xlsx').expect(200)).body,
    );
    const errs = (fila: number) => preview.filas.find((f) => f.fila === fila)!.errores;
    expect(errs(2)).toContainEqual({ columna: 'codigo', mensaje: m.rowCodigoDuplicateFile });
    expect(errs(3)).toContainEqual({ columna: 'codigo', mensaje: m.rowCodigoDuplicateFile });
    expect(errs(4)).toContainEqual({ columna: 'codigo', mensaje: m.codigoRequired });
    expect(errs(5)).toContainEqual({ columna: 'codigo', mensaje: m.rowCodigoTaken });
    expect(errs(6)).toEqual(
      expect.arrayContaining([
        { columna: 'nombre', mensaje: MESSAGES.validation.nombreRequired },
        { columna: 'area', mensaje: m.rowAreaUnknown },
      ]),
    );
    expect(errs(7)).toContainEqual({ columna: 'area', mensaje: m.rowAreaOutOfScope });
    expect(errs(8)).toContainEqual({ columna: 'padre', mensaje: m.rowPadreUnknown });
    expect(errs(9)).toContainEqual({ columna: 'padre', mensaje: m.rowPadreCycle });
    expect(errs(10)).toContainEqual({ columna: 'padre', mensaje: m.rowPadreCycle });
    expect(errs(11)[0]!.columna).toBe('nombre');
    expect(preview.con_errores).toBe(10);
    expect(await count(t, 'equipos')).toBe(before);

    const refused = expectError(await send('/api/assets/import', supervisor, xlsx(rows), 'equipos.xlsx'), 400, m.importHasErrors);
    expect(refused.errors).toContainEqual({ path: '9.padre', message: m.rowPadreCycle });
    expect(await count(t, 'equipos')).toBe(before);
    expect(await count(t, 'equipo_estados')).toBe(intervals);
  });

  it('a good CSV (semicolons, Windows-1252 accents) imports every row with parents from the same file', async () => {
    const rows = [
      ['Código', 'Nombre', 'Área', 'Padre', 'Fabricante', 'Modelo', 'Número de serie'],
      ['lin-01', 'Línea de canteado', 'Carpintería', '', '', '', ''],
      ['CAN-10', 'Canteadora', 'Carpintería', 'LIN-01', 'Homag', 'KAL 210', 'H-99'],
      ['TUP-10', 'Tupí', 'carpinteria', 'EXI-01', '', '', ''],
    ];
    const text = rows.map((r) => r.join(';')).join('\r\n');
    const bytes = Buffer.from(new TextEncoder().encode(text)); // UTF-8
    const latin1 = Buffer.from(text, 'latin1');
    const preview = parseWith(AssetImportPreviewResponseSchema, (await send('/api/assets/import/preview', admin, latin1, 'e.csv').expect(200)).body);
    expect(preview.filas.map((f) => f.errores)).toEqual([[], [], []]);
    expect(preview.filas[0]!.nombre).toBe('Línea de canteado');
    const done = parseWith(AssetImportResponseSchema, (await send('/api/assets/import', admin, bytes, 'e.csv').expect(201)).body);
    expect(done.importados).toBe(3);
    const page = parseWith(AssetPageResponseSchema, (await t.http.get('/api/assets/can-10').set(auth(admin)).expect(200)).body);
    expect(page.equipo.padre?.codigo).toBe('LIN-01');
    expect(page.equipo.fabricante).toBe('Homag');
    expect(page.linea_tiempo.intervalos).toHaveLength(1);
    // The same file again: every code is taken now.
    expectError(await send('/api/assets/import', admin, bytes, 'e.csv'), 400, m.importHasErrors);
  });

  it('bounds the file: over 5 MB 413, over 5,000 rows 400, not a spreadsheet 415, no columns 400, no file 400', async () => {
    const before = await count(t, 'equipos');
    const big = Buffer.concat([csv([HEADER]), Buffer.alloc(5 * 1024 * 1024, 'a')]);
    expectError(await send('/api/assets/import/preview', admin, big, 'grande.csv'), 413, m.importFileTooLarge);
    const huge = Buffer.alloc(11 * 1024 * 1024, 'a');
    expectError(await send('/api/assets/import/preview', admin, huge, 'enorme.csv'), 413, m.importFileTooLarge);
    const many = [HEADER, ...Array.from({ length: ASSET_IMPORT_MAX_ROWS + 1 }, (_, i) => [`M-${i}`, `Máquina ${i}`, 'Carpintería', '', '', '', ''])];
    expectError(await send('/api/assets/import', admin, xlsx(many), 'muchas.xlsx'), 400, m.importTooManyRows);
    expectError(await send('/api/assets/import/preview', admin, Buffer.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2]), 'x.pdf'), 415, m.importFileType);
    expectError(await send('/api/assets/import/preview', admin, csv([['a', 'b'], ['1', '2']]), 'x.csv'), 400, m.importMissingColumns);
    expectError(await send('/api/assets/import/preview', admin, csv([HEADER]), 'x.csv'), 400, m.importEmpty);
    expectError(await t.http.post('/api/assets/import/preview').set(auth(admin)).field('x', '1'), 400, m.importFileRequired);
    expect(await count(t, 'equipos')).toBe(before);
  });

  it('the largest file (5,000 rows) imports in one transaction', async () => {
    const rows = [HEADER, ...Array.from({ length: ASSET_IMPORT_MAX_ROWS }, (_, i) => [`BIG-${i}`, `Máquina ${i}`, 'Tapicería', i > 0 ? 'BIG-0' : '', '', '', ''])];
    const before = await count(t, 'equipos');
    const started = Date.now();
    const done = parseWith(AssetImportResponseSchema, (await send('/api/assets/import', supervisor, xlsx(rows), 'todas.xlsx').expect(201)).body);
    expect(done.importados).toBe(ASSET_IMPORT_MAX_ROWS);
    expect(await count(t, 'equipos')).toBe(before + ASSET_IMPORT_MAX_ROWS);
    const [linked] = await t.ds.query(`SELECT count(*)::int AS n FROM equipos WHERE padre_uuid = (SELECT uuid FROM equipos WHERE codigo = 'BIG-0')`);
    expect(linked.n).toBe(ASSET_IMPORT_MAX_ROWS - 1);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});
