import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { AsText, Column, Columns } from '../../database/rows';
import { sql } from '../../database/sql';

/** `fecha` as `YYYY-MM-DD` text. */
export type NonWorkingDayRow = Columns<'dias_no_laborables', 'uuid' | 'descripcion' | 'origen'> & {
  fecha: AsText<Column<'dias_no_laborables', 'fecha'>>;
  /** A CHECK constraint in the schema: narrowed here. */
  origen: 'manual' | 'feriado';
};

/** `importado_en` as ISO text. */
export type HolidayYearRow = Columns<'feriados_importados', 'anio' | 'pais' | 'origen'> & {
  /** A CHECK constraint in the schema: narrowed here. */
  origen: 'automatico' | 'manual';
  importado_en: AsText<Column<'feriados_importados', 'importado_en'>>;
};

export type Holiday = Pick<NonWorkingDayRow, 'fecha' | 'descripcion'>;

const COLUMNS = sql`uuid, to_char(fecha, 'YYYY-MM-DD') AS fecha, descripcion, origen`;

/** The only writer of `dias_no_laborables`. Dates travel as `YYYY-MM-DD` text. */
@Injectable()
export class CalendarRepository {
  constructor(private readonly db: Db) {}

  ofYear(year: number): Promise<NonWorkingDayRow[]> {
    return this.db.query(sql`
      SELECT ${COLUMNS} FROM dias_no_laborables
       WHERE fecha >= make_date(${year}::int, 1, 1) AND fecha < make_date(${year}::int + 1, 1, 1)
       ORDER BY fecha`);
  }

  /** The dates between two dates (inclusive): what the generator and the preview look at. */
  async datesBetween(from: string, to: string): Promise<Set<string>> {
    const rows = await this.db.query<Pick<NonWorkingDayRow, 'fecha'>>(sql`
      SELECT to_char(fecha, 'YYYY-MM-DD') AS fecha FROM dias_no_laborables WHERE fecha BETWEEN ${from}::date AND ${to}::date`);
    return new Set(rows.map((r) => r.fecha));
  }

  async namesOf(dates: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.db.query<{ fecha: string; descripcion: string }>(sql`
      SELECT to_char(fecha, 'YYYY-MM-DD') AS fecha, descripcion FROM dias_no_laborables WHERE fecha = ANY(${[...dates]}::date[])`);
    return new Map(rows.map((r) => [r.fecha, r.descripcion]));
  }

  async insert(fecha: string, descripcion: string, by: string): Promise<NonWorkingDayRow> {
    const [row] = await this.db.query<NonWorkingDayRow>(sql`
      INSERT INTO dias_no_laborables (fecha, descripcion, origen, creado_por_uuid)
      VALUES (${fecha}::date, ${descripcion}, 'manual', ${by})
      RETURNING ${COLUMNS}`);
    return row!;
  }

  /** The years whose holidays were brought in, in order. */
  holidayYears(): Promise<HolidayYearRow[]> {
    return this.db.query(sql`
      SELECT anio, pais, origen, to_char(importado_en AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS importado_en
        FROM feriados_importados ORDER BY anio`);
  }

  /**
   * Brings in a year's holidays unless the year was brought in before, in one statement: the
   * year is claimed first (a second process waits on its key, then finds it taken) and the days
   * go in only with the claim, so a day an administrator removed afterwards never comes back.
   * Answers null when the year was already there, else the days added.
   */
  async insertHolidayYearOnce(anio: number, pais: string, days: readonly Holiday[]): Promise<number | null> {
    const [row] = await this.db.query<{ claimed: boolean; agregados: number }>(sql`
      WITH claimed AS (
        INSERT INTO feriados_importados (anio, pais, origen) VALUES (${anio}::int, ${pais}, 'automatico')
        ON CONFLICT (anio) DO NOTHING
        RETURNING anio
      ), added AS (
        INSERT INTO dias_no_laborables (fecha, descripcion, origen)
        SELECT d.fecha, d.descripcion, 'feriado'
          FROM unnest(${days.map((d) => d.fecha)}::date[], ${days.map((d) => d.descripcion)}::text[]) AS d(fecha, descripcion)
         WHERE EXISTS (SELECT 1 FROM claimed)
        ON CONFLICT (fecha) DO NOTHING
        RETURNING 1
      )
      SELECT EXISTS (SELECT 1 FROM claimed) AS claimed, (SELECT count(*) FROM added)::int AS agregados`);
    return row!.claimed ? row!.agregados : null;
  }

  /**
   * An administrator brings in a year's holidays: the days not marked yet are added, and the year
   * counts as covered by hand with this country, in one statement. Answers how many were added.
   */
  async insertHolidaysByHand(anio: number, pais: string, days: readonly Holiday[], by: string): Promise<number> {
    return this.db.execute(sql`
      WITH recorded AS (
        INSERT INTO feriados_importados (anio, pais, origen, importado_por_uuid) VALUES (${anio}::int, ${pais}, 'manual', ${by})
        ON CONFLICT (anio) DO UPDATE
          SET pais = EXCLUDED.pais, origen = 'manual', importado_por_uuid = EXCLUDED.importado_por_uuid, importado_en = now()
        RETURNING anio
      )
      INSERT INTO dias_no_laborables (fecha, descripcion, origen, creado_por_uuid)
      SELECT d.fecha, d.descripcion, 'feriado', ${by}
        FROM unnest(${days.map((d) => d.fecha)}::date[], ${days.map((d) => d.descripcion)}::text[]) AS d(fecha, descripcion)
       WHERE EXISTS (SELECT 1 FROM recorded)
      ON CONFLICT (fecha) DO NOTHING`);
  }

  async delete(uuid: string): Promise<boolean> {
    return (await this.db.execute(sql`DELETE FROM dias_no_laborables WHERE uuid = ${uuid}`)) > 0;
  }
}
