import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import { sql } from '../../database/sql';

export interface NonWorkingDayRow {
  uuid: string;
  fecha: string;
  descripcion: string;
  origen: 'manual' | 'feriado';
}

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
    const rows = await this.db.query<{ fecha: string }>(sql`
      SELECT to_char(fecha, 'YYYY-MM-DD') AS fecha FROM dias_no_laborables WHERE fecha BETWEEN ${from}::date AND ${to}::date`);
    return new Set(rows.map((r) => r.fecha));
  }

  async insert(fecha: string, descripcion: string, by: string): Promise<NonWorkingDayRow> {
    const [row] = await this.db.query<NonWorkingDayRow>(sql`
      INSERT INTO dias_no_laborables (fecha, descripcion, origen, creado_por_uuid)
      VALUES (${fecha}::date, ${descripcion}, 'manual', ${by})
      RETURNING ${COLUMNS}`);
    return row!;
  }

  /** Adds the holidays whose date is not marked yet; answers how many were added. */
  async insertHolidays(days: readonly { fecha: string; descripcion: string }[], by: string): Promise<number> {
    if (!days.length) return 0;
    return this.db.execute(sql`
      INSERT INTO dias_no_laborables (fecha, descripcion, origen, creado_por_uuid)
      SELECT d.fecha, d.descripcion, 'feriado', ${by}
        FROM unnest(${days.map((d) => d.fecha)}::date[], ${days.map((d) => d.descripcion)}::text[]) AS d(fecha, descripcion)
      ON CONFLICT (fecha) DO NOTHING`);
  }

  async delete(uuid: string): Promise<boolean> {
    return (await this.db.execute(sql`DELETE FROM dias_no_laborables WHERE uuid = ${uuid}`)) > 0;
  }
}
