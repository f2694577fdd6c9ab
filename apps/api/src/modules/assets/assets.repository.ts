import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { Columns } from '../../database/rows';
import { sql } from '../../database/sql';

export type AssetRow = Columns<'equipos', 'uuid' | 'codigo' | 'nombre' | 'area_uuid' | 'estado' | 'estado_desde'>;

/** The only writer of `equipos` and `equipo_estados`. */
@Injectable()
export class AssetsRepository {
  constructor(private readonly db: Db) {}

  findByCode(code: string): Promise<AssetRow | null> {
    return this.db.one(sql`
      SELECT uuid, codigo, nombre, area_uuid, estado, estado_desde FROM equipos WHERE upper(codigo) = upper(${code})`);
  }

  lock(uuid: string): Promise<AssetRow | null> {
    return this.db.one(sql`
      SELECT uuid, codigo, nombre, area_uuid, estado, estado_desde FROM equipos WHERE uuid = ${uuid} FOR UPDATE`);
  }

  async closeOpenState(equipoUuid: string, at: Date): Promise<void> {
    await this.db.execute(sql`
      UPDATE equipo_estados SET hasta = greatest(desde, ${at}) WHERE equipo_uuid = ${equipoUuid} AND hasta IS NULL`);
  }

  async openState(s: { equipoUuid: string; estado: string; desde: Date; motivo: string | null; solicitudUuid: string | null; porUuid: string | null }): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO equipo_estados (equipo_uuid, estado, desde, motivo, solicitud_uuid, cambiado_por_uuid)
      VALUES (${s.equipoUuid}, ${s.estado}, ${s.desde}, ${s.motivo}, ${s.solicitudUuid}, ${s.porUuid})`);
    await this.db.execute(sql`
      UPDATE equipos SET estado = ${s.estado}, estado_desde = ${s.desde}, updated_at = now() WHERE uuid = ${s.equipoUuid}`);
  }
}
