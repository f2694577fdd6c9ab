import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { Column, Columns } from '../../database/rows';
import { likePattern, paginate, sql } from '../../database/sql';

/** A machine with what its response shows: its area's name and its parent's code and name. */
export type AssetRow = Columns<
  'equipos',
  | 'uuid'
  | 'codigo'
  | 'nombre'
  | 'area_uuid'
  | 'padre_uuid'
  | 'fabricante'
  | 'modelo'
  | 'numero_serie'
  | 'estado'
  | 'estado_desde'
  | 'foto_uuid'
> & {
  area_nombre: Column<'areas', 'nombre'>;
  padre_codigo: Column<'equipos', 'codigo'> | null;
  padre_nombre: Column<'equipos', 'nombre'> | null;
};

export type AssetStateRow = Columns<'equipos', 'uuid' | 'area_uuid' | 'estado' | 'estado_desde'>;

export interface AssetPageFilter {
  /** `null`: every area. */
  areas: readonly string[] | null;
  q?: string;
  areaUuid?: string;
  estado?: string;
  page: number;
  limit: number;
}

export interface AssetWrite {
  codigo: string;
  nombre: string;
  area_uuid: string;
  padre_uuid: string | null;
  fabricante: string | null;
  modelo: string | null;
  numero_serie: string | null;
}

export interface StateInterval {
  equipoUuid: string;
  estado: string;
  desde: Date;
  motivo: string | null;
  solicitudUuid: string | null;
  porUuid: string | null;
}

const ASSET_COLUMNS = sql`e.uuid, e.codigo, e.nombre, e.area_uuid, a.nombre AS area_nombre, e.padre_uuid,
  p.codigo AS padre_codigo, p.nombre AS padre_nombre, e.fabricante, e.modelo, e.numero_serie, e.estado,
  e.estado_desde, e.foto_uuid`;
const ASSET_FROM = sql`FROM equipos e JOIN areas a ON a.uuid = e.area_uuid LEFT JOIN equipos p ON p.uuid = e.padre_uuid`;

/** The queries of `equipos` and `equipo_estados` (this module writes both). */
@Injectable()
export class AssetsRepository {
  constructor(private readonly db: Db) {}

  /** One machine by its code, any case (the unique index on `upper(codigo)`). */
  findByCode(code: string): Promise<AssetRow | null> {
    return this.db.one(sql`SELECT ${ASSET_COLUMNS} ${ASSET_FROM} WHERE upper(e.codigo) = upper(${code})`);
  }

  findByUuid(uuid: string): Promise<AssetRow | null> {
    return this.db.one(sql`SELECT ${ASSET_COLUMNS} ${ASSET_FROM} WHERE e.uuid = ${uuid}`);
  }

  /**
   * A page of machines ordered by code, and the total, in one statement: the page is read in the
   * order of `equipos_codigo_key` (or `equipos_area_idx` / `equipos_estado_idx` for a filter, the
   * trigram index `equipos_busqueda_trgm` for `q`, which matches code and name without case or
   * accents), the total counted apart, and the area and parent joined onto the page's rows only.
   */
  async page(f: AssetPageFilter): Promise<{ rows: AssetRow[]; total: number }> {
    const where = sql.where([
      f.areas ? sql`e.area_uuid = ANY(${f.areas}::uuid[])` : sql.empty,
      f.areaUuid ? sql`e.area_uuid = ${f.areaUuid}` : sql.empty,
      f.estado ? sql`e.estado = ${f.estado}` : sql.empty,
      f.q ? sql`lower(f_unaccent(e.codigo || ' ' || e.nombre)) LIKE lower(f_unaccent(${likePattern(f.q)}))` : sql.empty,
    ]);
    const total = sql`SELECT count(*)::int FROM equipos e ${where}`;
    const rows = await this.db.query<AssetRow & { total: number }>(
      sql`WITH pagina AS (SELECT e.uuid, upper(e.codigo) AS clave FROM equipos e ${where} ORDER BY upper(e.codigo) ${paginate(f)})
          SELECT ${ASSET_COLUMNS}, (${total}) AS total
            FROM pagina JOIN equipos e ON e.uuid = pagina.uuid JOIN areas a ON a.uuid = e.area_uuid
            LEFT JOIN equipos p ON p.uuid = e.padre_uuid
           ORDER BY pagina.clave`,
    );
    if (rows.length) return { rows, total: rows[0]!.total };
    if (f.page === 1) return { rows: [], total: 0 };
    // A page past the end has no row to carry the total: counted alone.
    const count = await this.db.one<{ count: number }>(total);
    return { rows: [], total: count?.count ?? 0 };
  }

  /** Locks the machine's row for a state change (parallel changes queue here). */
  lockForState(uuid: string): Promise<AssetStateRow | null> {
    return this.db.one(sql`SELECT uuid, area_uuid, estado, estado_desde FROM equipos WHERE uuid = ${uuid} FOR UPDATE`);
  }

  /**
   * Closes the open interval of the timeline at `desde` and opens one with the new state; the
   * machine's `estado`/`estado_desde` follow. Runs inside the caller's transaction, after lockForState.
   */
  async moveState(s: StateInterval): Promise<void> {
    // The instant as PostgreSQL's text (microseconds kept): never before the machine's current state began.
    const at = await this.db.one<{ desde: string }>(
      sql`SELECT greatest(${s.desde}::timestamptz, estado_desde,
                 coalesce((SELECT max(desde) FROM equipo_estados WHERE equipo_uuid = ${s.equipoUuid}), '-infinity'))::text AS desde
            FROM equipos WHERE uuid = ${s.equipoUuid}`,
    );
    const desde = at!.desde;
    await this.db.execute(
      sql`UPDATE equipo_estados SET hasta = ${desde}::timestamptz WHERE equipo_uuid = ${s.equipoUuid} AND hasta IS NULL`,
    );
    await this.db.execute(
      sql`INSERT INTO equipo_estados (equipo_uuid, estado, desde, motivo, solicitud_uuid, cambiado_por_uuid)
          VALUES (${s.equipoUuid}, ${s.estado}, ${desde}::timestamptz, ${s.motivo}, ${s.solicitudUuid}, ${s.porUuid})`,
    );
    await this.db.execute(
      sql`UPDATE equipos SET estado = ${s.estado}, estado_desde = ${desde}::timestamptz, updated_at = now()
           WHERE uuid = ${s.equipoUuid}`,
    );
  }

  /** A new machine, operativo from now, with the first interval of its timeline. */
  async insert(w: AssetWrite, porUuid: string): Promise<string> {
    const row = await this.db.one<{ uuid: string }>(
      sql`WITH nuevo AS (
            INSERT INTO equipos (codigo, nombre, area_uuid, padre_uuid, fabricante, modelo, numero_serie, creado_por_uuid)
            VALUES (${w.codigo}, ${w.nombre}, ${w.area_uuid}, ${w.padre_uuid}, ${w.fabricante}, ${w.modelo},
                    ${w.numero_serie}, ${porUuid})
            RETURNING uuid, estado, estado_desde)
          , intervalo AS (
            INSERT INTO equipo_estados (equipo_uuid, estado, desde, cambiado_por_uuid)
            SELECT uuid, estado, estado_desde, ${porUuid}::uuid FROM nuevo)
          SELECT uuid FROM nuevo`,
    );
    return row!.uuid;
  }

  async update(uuid: string, w: AssetWrite): Promise<void> {
    await this.db.execute(
      sql`UPDATE equipos SET codigo = ${w.codigo}, nombre = ${w.nombre}, area_uuid = ${w.area_uuid},
            padre_uuid = ${w.padre_uuid}, fabricante = ${w.fabricante}, modelo = ${w.modelo},
            numero_serie = ${w.numero_serie}, updated_at = now()
           WHERE uuid = ${uuid}`,
    );
  }

  async remove(uuid: string): Promise<number> {
    return this.db.execute(sql`DELETE FROM equipos WHERE uuid = ${uuid}`);
  }

  /** True when a task or a problem report names the machine (it cannot be deleted then). */
  async inUse(uuid: string): Promise<boolean> {
    const row = await this.db.one(
      sql`SELECT 1 WHERE EXISTS (SELECT 1 FROM tareas WHERE equipo_uuid = ${uuid})
             OR EXISTS (SELECT 1 FROM solicitudes WHERE equipo_uuid = ${uuid})`,
    );
    return row !== null;
  }

  /** The machine's ancestors (its parent, the parent's parent...), nearest first: to refuse a cycle. */
  async ancestors(uuid: string): Promise<string[]> {
    const rows = await this.db.query<{ uuid: string }>(
      sql`WITH RECURSIVE arriba(uuid, padre_uuid, n) AS (
            SELECT uuid, padre_uuid, 0 FROM equipos WHERE uuid = ${uuid}
            UNION ALL
            SELECT e.uuid, e.padre_uuid, arriba.n + 1 FROM equipos e JOIN arriba ON e.uuid = arriba.padre_uuid
             WHERE arriba.n < 100)
          SELECT uuid FROM arriba WHERE n > 0 ORDER BY n`,
    );
    return rows.map((r) => r.uuid);
  }

  async areaExists(uuid: string): Promise<boolean> {
    return (await this.db.one(sql`SELECT 1 FROM areas WHERE uuid = ${uuid}`)) !== null;
  }

  /** Sets (or clears) the machine's photo. */
  async setPhoto(uuid: string, fotoUuid: string | null): Promise<void> {
    await this.db.execute(sql`UPDATE equipos SET foto_uuid = ${fotoUuid}, updated_at = now() WHERE uuid = ${uuid}`);
  }
}
