import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import { sql } from '../../database/sql';

export interface JobRunRow {
  nombre: string;
  ultima_ejecucion: Date | null;
  ultima_duracion_ms: number | null;
  ultimo_fallo: Date | null;
  ultimo_error: string | null;
  ejecuciones: string;
  fallos: string;
}

/** The one writer of `trabajos`: what each background job last did. */
@Injectable()
export class JobsRepository {
  constructor(private readonly db: Db) {}

  async succeeded(nombre: string, ms: number): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO trabajos (nombre, ultima_ejecucion, ultima_duracion_ms, ejecuciones)
      VALUES (${nombre}, now(), ${Math.max(0, Math.round(ms))}, 1)
      ON CONFLICT (nombre) DO UPDATE
        SET ultima_ejecucion = EXCLUDED.ultima_ejecucion, ultima_duracion_ms = EXCLUDED.ultima_duracion_ms,
            ejecuciones = trabajos.ejecuciones + 1`);
  }

  async failed(nombre: string, error: string): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO trabajos (nombre, ultimo_fallo, ultimo_error, fallos)
      VALUES (${nombre}, now(), ${error.slice(0, 1000)}, 1)
      ON CONFLICT (nombre) DO UPDATE
        SET ultimo_fallo = EXCLUDED.ultimo_fallo, ultimo_error = EXCLUDED.ultimo_error, fallos = trabajos.fallos + 1`);
  }

  async all(): Promise<JobRunRow[]> {
    return this.db.query<JobRunRow>(sql`
      SELECT nombre, ultima_ejecucion, ultima_duracion_ms, ultimo_fallo, ultimo_error, ejecuciones::text, fallos::text
        FROM trabajos`);
  }
}
