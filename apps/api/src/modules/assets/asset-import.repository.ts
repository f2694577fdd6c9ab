import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { Columns } from '../../database/rows';
import { sql } from '../../database/sql';

export type ImportArea = Columns<'areas', 'uuid' | 'nombre'>;
export type ImportParent = Columns<'equipos', 'uuid' | 'codigo' | 'area_uuid'>;

export interface ImportedAsset {
  codigo: string;
  nombre: string;
  area_uuid: string;
  padre: string | null;
  fabricante: string | null;
  modelo: string | null;
  numero_serie: string | null;
}

/** The queries of an import of machines (equipos and their first interval). */
@Injectable()
export class AssetImportRepository {
  constructor(private readonly db: Db) {}

  areas(): Promise<ImportArea[]> {
    return this.db.query(sql`SELECT uuid, nombre FROM areas`);
  }

  /** The machines already holding any of these codes (upper-cased), through the unique index. */
  existing(codes: readonly string[]): Promise<ImportParent[]> {
    if (!codes.length) return Promise.resolve([]);
    return this.db.query(
      sql`SELECT uuid, upper(codigo) AS codigo, area_uuid FROM equipos WHERE upper(codigo) = ANY(${codes}::text[])`,
    );
  }

  /**
   * Inserts every machine, operativo from now, each with its first interval, then links the
   * parents (in the file or already in Gestar) by code: three statements, inside the caller's
   * transaction.
   */
  async insertAll(rows: readonly ImportedAsset[], porUuid: string): Promise<number> {
    const col = <K extends keyof ImportedAsset>(k: K) => rows.map((r) => r[k]);
    const inserted = await this.db.query<{ uuid: string }>(
      sql`WITH nuevos AS (
            INSERT INTO equipos (codigo, nombre, area_uuid, fabricante, modelo, numero_serie, creado_por_uuid)
            SELECT c, n, a, f, m, s, ${porUuid}::uuid
              FROM unnest(${col('codigo')}::text[], ${col('nombre')}::text[], ${col('area_uuid')}::uuid[],
                          ${col('fabricante')}::text[], ${col('modelo')}::text[], ${col('numero_serie')}::text[])
                   AS x(c, n, a, f, m, s)
            RETURNING uuid, estado, estado_desde)
          , intervalos AS (
            INSERT INTO equipo_estados (equipo_uuid, estado, desde, cambiado_por_uuid)
            SELECT uuid, estado, estado_desde, ${porUuid}::uuid FROM nuevos)
          SELECT uuid FROM nuevos`,
    );
    const linked = rows.filter((r) => r.padre !== null);
    if (linked.length) {
      await this.db.execute(
        sql`UPDATE equipos e SET padre_uuid = p.uuid
              FROM unnest(${linked.map((r) => r.codigo)}::text[], ${linked.map((r) => r.padre)}::text[]) AS x(codigo, padre)
              JOIN equipos p ON upper(p.codigo) = x.padre
             WHERE upper(e.codigo) = x.codigo`,
      );
    }
    return inserted.length;
  }
}
