import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import {
  ASSET_IMPORT_COLUMNS,
  ASSET_IMPORT_MAX_BYTES,
  ASSET_LIMITS,
  AssetCodeSchema,
  AssetImportPreviewResponse,
  AssetImportResponse,
  AssetImportRow,
  MESSAGES,
  normalizeAssetCode,
  textTooLongMax,
} from '@gestar/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { areaScope, inScope } from '../../common/access/access';
import { badRequest, conflict, payloadTooLarge } from '../../common/http/app-exception';
import { PG, pgErrorCode } from '../../database/sql';
import { AssetImportPool } from './asset-import-pool';
import { AssetImportRepository, ImportedAsset } from './asset-import.repository';

const m = MESSAGES.assets;
const v = MESSAGES.validation;

export interface ImportFile {
  buffer: Buffer;
  size: number;
}

type Column = (typeof ASSET_IMPORT_COLUMNS)[number];

/** A name compared without case, accents or surrounding spaces («Carpinteria» is «Carpintería»). */
function loose(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();
}

/** The header's text as a column name (`Código` -> `codigo`, `Número de serie` -> `numero_serie`). */
function columnName(text: string): string {
  return loose(text).replace(/\s+de\s+/g, '_').replace(/[\s-]+/g, '_');
}

/**
 * Import of many machines from an XLSX or CSV (issue 33 §1): the preview reads and checks each
 * row and writes nothing; the import checks again and writes every row in one transaction, or
 * none (400 with the rows' errors).
 */
@Injectable()
export class AssetImportService {
  constructor(
    private readonly pool: AssetImportPool,
    private readonly repo: AssetImportRepository,
  ) {}

  async preview(caller: AuthUser, file: ImportFile | undefined): Promise<AssetImportPreviewResponse> {
    const { filas } = await this.check(caller, file);
    const conErrores = filas.filter((f) => f.errores.length > 0).length;
    return { filas, validas: filas.length - conErrores, con_errores: conErrores };
  }

  async import(caller: AuthUser, file: ImportFile | undefined): Promise<AssetImportResponse> {
    const sheet = await this.read(file);
    try {
      return { importados: await this.write(caller, sheet) };
    } catch (err) {
      // Another import or create took a code between the check and the insert.
      if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(m.codigoTaken);
      throw err;
    }
  }

  @Transactional()
  private async write(caller: AuthUser, sheet: string[][]): Promise<number> {
    const { filas, valid } = await this.validate(caller, sheet);
    const errors = filas.flatMap((f) => f.errores.map((e) => ({ path: `${f.fila}.${e.columna}`, message: e.mensaje })));
    if (errors.length) throw badRequest(m.importHasErrors, errors);
    return this.repo.insertAll(valid, caller.uuid);
  }

  private async check(caller: AuthUser, file: ImportFile | undefined) {
    return this.validate(caller, await this.read(file));
  }

  /** The file's rows (header first), read in a worker; its size and row count bounded. */
  private async read(file: ImportFile | undefined): Promise<string[][]> {
    if (!file || file.size === 0) throw badRequest(m.importFileRequired, [{ path: 'archivo', message: m.importFileRequired }]);
    if (file.size > ASSET_IMPORT_MAX_BYTES) throw payloadTooLarge(m.importFileTooLarge);
    const rows = await this.pool.read(file.buffer);
    if (rows.length < 2) throw badRequest(m.importEmpty);
    return rows;
  }

  /** Each row with its errors, and the rows to insert when none has any. */
  private async validate(caller: AuthUser, sheet: string[][]): Promise<{ filas: AssetImportRow[]; valid: ImportedAsset[] }> {
    const header = sheet[0]!.map(columnName);
    const at = new Map<Column, number>();
    for (const c of ASSET_IMPORT_COLUMNS) if (header.includes(c)) at.set(c, header.indexOf(c));
    if (!at.has('codigo') || !at.has('nombre') || !at.has('area')) throw badRequest(m.importMissingColumns);
    const cell = (row: string[], c: Column) => (at.has(c) ? (row[at.get(c)!] ?? '').trim() : '');

    const filas: AssetImportRow[] = sheet.slice(1).map((row, i) => ({
      fila: i + 2,
      codigo: cell(row, 'codigo'),
      nombre: cell(row, 'nombre'),
      area: cell(row, 'area'),
      padre: cell(row, 'padre'),
      fabricante: cell(row, 'fabricante'),
      modelo: cell(row, 'modelo'),
      numero_serie: cell(row, 'numero_serie'),
      errores: [],
    }));

    const areas = new Map((await this.repo.areas()).map((a) => [loose(a.nombre), a.uuid]));
    const scope = areaScope(caller);
    const codes = filas.map((f) => (AssetCodeSchema.safeParse(f.codigo).success ? normalizeAssetCode(f.codigo) : null));
    const parents = filas.map((f) => (f.padre ? normalizeAssetCode(f.padre) : null));
    const wanted = [...new Set([...codes, ...parents].filter((c): c is string => c !== null))];
    const inDb = new Map((await this.repo.existing(wanted)).map((e) => [e.codigo, e]));
    const seen = new Map<string, number>();
    codes.forEach((c) => c && seen.set(c, (seen.get(c) ?? 0) + 1));
    const fileAreas = new Map<string, string | undefined>();

    const valid: ImportedAsset[] = [];
    filas.forEach((f, i) => {
      const err = (columna: Column, mensaje: string) => f.errores.push({ columna, mensaje });
      const code = AssetCodeSchema.safeParse(f.codigo);
      if (!code.success) err('codigo', code.error.issues[0]?.message ?? m.codigoInvalid);
      else if ((seen.get(code.data) ?? 0) > 1) err('codigo', m.rowCodigoDuplicateFile);
      else if (inDb.has(code.data)) err('codigo', m.rowCodigoTaken);
      if (!f.nombre) err('nombre', v.nombreRequired);
      else if (f.nombre.length > ASSET_LIMITS.nombre) err('nombre', textTooLongMax(ASSET_LIMITS.nombre));
      const area = f.area ? areas.get(loose(f.area)) : undefined;
      if (!f.area) err('area', m.areaRequired);
      else if (!area) err('area', m.rowAreaUnknown);
      else if (!inScope(scope, area)) err('area', m.rowAreaOutOfScope);
      if (codes[i]) fileAreas.set(codes[i]!, area);
      for (const [c, max] of [
        ['fabricante', ASSET_LIMITS.fabricante],
        ['modelo', ASSET_LIMITS.modelo],
        ['numero_serie', ASSET_LIMITS.numeroSerie],
      ] as const) {
        if (f[c].length > max) err(c, textTooLongMax(max));
      }
    });

    // Parents: in the file (and then no cycle) or already in Gestar; of the same area.
    const parentOf = new Map<string, string>();
    codes.forEach((c, i) => c && parents[i] && parentOf.set(c, parents[i]!));
    filas.forEach((f, i) => {
      const code = codes[i];
      const parent = parents[i];
      if (!parent) return;
      const err = (mensaje: string) => f.errores.push({ columna: 'padre', mensaje });
      if (parent === code) return err(m.rowPadreSelf);
      const inFile = fileAreas.has(parent);
      const existing = inDb.get(parent);
      if (!inFile && !existing) return err(m.rowPadreUnknown);
      const parentArea = inFile ? fileAreas.get(parent) : existing!.area_uuid;
      const ownArea = code ? fileAreas.get(code) : undefined;
      if (parentArea && ownArea && parentArea !== ownArea) return err(m.padreOtherArea);
      if (code && inFile && this.cycles(code, parentOf)) err(m.rowPadreCycle);
    });

    if (filas.every((f) => f.errores.length === 0)) {
      for (const [i, f] of filas.entries()) {
        valid.push({
          codigo: codes[i]!,
          nombre: f.nombre,
          area_uuid: fileAreas.get(codes[i]!)!,
          padre: parents[i],
          fabricante: f.fabricante || null,
          modelo: f.modelo || null,
          numero_serie: f.numero_serie || null,
        });
      }
    }
    return { filas, valid };
  }

  /** True when following the parents in the file from `code` comes back to it. */
  private cycles(code: string, parentOf: ReadonlyMap<string, string>): boolean {
    const visited = new Set<string>([code]);
    let next = parentOf.get(code);
    while (next !== undefined) {
      if (visited.has(next)) return next === code;
      visited.add(next);
      next = parentOf.get(next);
    }
    return false;
  }
}
