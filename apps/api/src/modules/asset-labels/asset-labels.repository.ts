import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { Column, Columns } from '../../database/rows';
import { sql } from '../../database/sql';

/** What a label prints of a machine, and the area that decides who may print it. */
export type LabelAssetRow = Columns<'equipos', 'codigo' | 'nombre' | 'area_uuid'> & { area_nombre: Column<'areas', 'nombre'> };

/** Reads machines for their labels; writes nothing (the assets module owns `equipos`). */
@Injectable()
export class AssetLabelsRepository {
  constructor(private readonly db: Db) {}

  /** The machines with these codes (compared without case, as `equipos_codigo_key`). */
  byCodes(codes: readonly string[]): Promise<LabelAssetRow[]> {
    return this.db.query(
      sql`SELECT e.codigo, e.nombre, e.area_uuid, a.nombre AS area_nombre
            FROM equipos e JOIN areas a ON a.uuid = e.area_uuid
           WHERE upper(e.codigo) = ANY(${codes.map((c) => c.toUpperCase())}::text[])`,
    );
  }
}
