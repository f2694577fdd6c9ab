import { Injectable } from '@nestjs/common';
import { TERMINAL_LIMITS } from '@gestar/contracts';
import { Db } from '../../database/db';
import { likePattern, paginate, sql, Sql } from '../../database/sql';

export interface TerminalRow {
  uuid: string;
  nombre: string;
  area_uuid: string;
  area_nombre: string;
  minutos_inactividad: number;
  creada_en: Date;
  creada_por_uuid: string | null;
  creada_por_nombre: string | null;
  creada_por_apellido: string | null;
  ultimo_uso_en: Date | null;
  revocada_en: Date | null;
}

export interface PersonTileRow {
  uuid: string;
  nombre: string;
  apellido: string;
  tiene_pin: boolean;
  fallos: number;
}

export interface WallTaskRow {
  uuid: string;
  titulo: string;
  estado_uuid: string;
  estado_nombre: string;
  estado_color: string;
  categoria: string;
  fecha_vencimiento: Date | null;
  empleado_uuid: string;
  empleado_nombre: string;
  empleado_apellido: string;
  equipo_uuid: string | null;
  equipo_codigo: string | null;
  equipo_nombre: string | null;
}

/** The key under which a person's wrong PINs are counted in `login_attempts`. */
export const pinKey = (usuario: string) => `#pin:${usuario}`;
export const terminalPinKey = (terminal: string) => `#pin-terminal:${terminal}`;

const WALL_MAX = 50;

/** `terminales` and `pines_usuario`: the only writer of both (besides the guard's last-use marks). */
@Injectable()
export class TerminalsRepository {
  constructor(private readonly db: Db) {}

  private readonly select = sql`
    SELECT t.uuid, t.nombre, t.area_uuid, a.nombre AS area_nombre, t.minutos_inactividad, t.creada_en,
           t.creada_por_uuid, u.nombre AS creada_por_nombre, u.apellido AS creada_por_apellido,
           t.ultimo_uso_en, t.revocada_en
      FROM terminales t
      JOIN areas a ON a.uuid = t.area_uuid
      LEFT JOIN usuarios u ON u.uuid = t.creada_por_uuid`;

  async insert(nombre: string, area: string, minutos: number, tokenHash: string, creador: string): Promise<string> {
    const [row] = await this.db.query<{ uuid: string }>(sql`
      INSERT INTO terminales (nombre, area_uuid, minutos_inactividad, token_hash, creada_por_uuid)
      VALUES (${nombre}, ${area}, ${minutos}, ${tokenHash}, ${creador})
      RETURNING uuid`);
    return row.uuid;
  }

  find(uuid: string): Promise<TerminalRow | null> {
    return this.db.one(sql`${this.select} WHERE t.uuid = ${uuid}`);
  }

  async list(areas: readonly string[] | null, area: string | undefined, revocadas: boolean, page: number, limit: number) {
    const parts: Sql[] = [];
    if (areas) parts.push(sql`t.area_uuid = ANY(${[...areas]}::uuid[])`);
    if (area) parts.push(sql`t.area_uuid = ${area}`);
    if (!revocadas) parts.push(sql`t.revocada_en IS NULL`);
    const where = parts.length ? sql`WHERE ${sql.join(parts, ' AND ')}` : sql.empty;
    const [count] = await this.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM terminales t ${where}`);
    const rows = await this.db.query<TerminalRow>(sql`
      ${this.select} ${where} ORDER BY a.nombre, t.nombre, t.uuid ${paginate({ page, limit })}`);
    return { rows, total: count.n };
  }

  async update(uuid: string, nombre: string | undefined, minutos: number | undefined): Promise<void> {
    await this.db.execute(sql`
      UPDATE terminales SET nombre = coalesce(${nombre ?? null}, nombre),
                            minutos_inactividad = coalesce(${minutos ?? null}::int, minutos_inactividad)
       WHERE uuid = ${uuid}`);
  }

  /** Revokes the terminal; false when it already was. */
  async revoke(uuid: string, by: string): Promise<boolean> {
    const n = await this.db.execute(sql`
      UPDATE terminales SET revocada_en = now(), revocada_por_uuid = ${by} WHERE uuid = ${uuid} AND revocada_en IS NULL`);
    return n > 0;
  }

  areaName(uuid: string): Promise<{ nombre: string } | null> {
    return this.db.one(sql`SELECT nombre FROM areas WHERE uuid = ${uuid}`);
  }

  /** The area's active people for the tiles, with whether each has a PIN and their wrong PINs in the window. */
  async people(area: string, q: string | undefined, page: number, limit: number): Promise<{ rows: PersonTileRow[]; total: number }> {
    const search = q ? sql`AND (u.nombre || ' ' || u.apellido) ILIKE ${likePattern(q)}` : sql.empty;
    const from = sql`
      FROM usuarios u JOIN usuario_areas ua ON ua.usuario_uuid = u.uuid AND ua.area_uuid = ${area}
     WHERE u.activo ${search}`;
    const [count] = await this.db.query<{ n: number }>(sql`SELECT count(*)::int AS n ${from}`);
    const window = `${TERMINAL_LIMITS.pinWindowMinutes} minutes`;
    const rows = await this.db.query<PersonTileRow>(sql`
      SELECT u.uuid, u.nombre, u.apellido, (p.usuario_uuid IS NOT NULL) AS tiene_pin,
             (SELECT count(*)::int FROM login_attempts la
               WHERE la.username = '#pin:' || u.uuid::text AND la.address = '#pin:' || u.uuid::text
                 AND la.attempted_at > now() - ${window}::interval) AS fallos
      FROM usuarios u JOIN usuario_areas ua ON ua.usuario_uuid = u.uuid AND ua.area_uuid = ${area}
      LEFT JOIN pines_usuario p ON p.usuario_uuid = u.uuid
     WHERE u.activo ${search}
     ORDER BY u.nombre, u.apellido, u.uuid ${paginate({ page, limit })}`);
    return { rows, total: count.n };
  }

  /** A person as the PIN sign-in needs them: active, in the area, their PIN's hash. */
  signInPerson(usuario: string, area: string): Promise<{ uuid: string; activo: boolean; en_area: boolean; pin_hash: string | null } | null> {
    return this.db.one(sql`
      SELECT u.uuid, u.activo,
             EXISTS (SELECT 1 FROM usuario_areas ua WHERE ua.usuario_uuid = u.uuid AND ua.area_uuid = ${area}) AS en_area,
             p.pin_hash
        FROM usuarios u LEFT JOIN pines_usuario p ON p.usuario_uuid = u.uuid
       WHERE u.uuid = ${usuario}`);
  }

  person(usuario: string): Promise<{ uuid: string; origen: string; password_hash: string; areas: string[] | null } | null> {
    return this.db.one(sql`
      SELECT u.uuid, u.origen, u.password_hash,
             (SELECT array_agg(ua.area_uuid) FROM usuario_areas ua WHERE ua.usuario_uuid = u.uuid) AS areas
        FROM usuarios u WHERE u.uuid = ${usuario}`);
  }

  async sessionStart(sesion: string): Promise<Date | null> {
    const row = await this.db.one<{ creada_en: Date }>(sql`SELECT creada_en FROM sesiones WHERE uuid = ${sesion}`);
    return row?.creada_en ?? null;
  }

  pin(usuario: string): Promise<{ actualizado_en: Date } | null> {
    return this.db.one(sql`SELECT actualizado_en FROM pines_usuario WHERE usuario_uuid = ${usuario}`);
  }

  async setPin(usuario: string, hash: string): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO pines_usuario (usuario_uuid, pin_hash) VALUES (${usuario}, ${hash})
      ON CONFLICT (usuario_uuid) DO UPDATE SET pin_hash = EXCLUDED.pin_hash, actualizado_en = now()`);
  }

  async clearPin(usuario: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM pines_usuario WHERE usuario_uuid = ${usuario}`);
  }

  private wallTasks(area: string, where: Sql): Promise<(WallTaskRow & { total: number })[]> {
    return this.db.query(sql`
      SELECT ta.uuid, t.titulo, e.uuid AS estado_uuid, e.nombre AS estado_nombre, e.color AS estado_color, e.categoria,
             ta.fecha_vencimiento, u.uuid AS empleado_uuid, u.nombre AS empleado_nombre, u.apellido AS empleado_apellido,
             eq.uuid AS equipo_uuid, eq.codigo AS equipo_codigo, eq.nombre AS equipo_nombre,
             count(*) OVER ()::int AS total
        FROM tareas_asignadas ta
        JOIN tareas t ON t.uuid = ta.tarea_uuid
        JOIN estados e ON e.uuid = ta.estado_uuid
        JOIN usuarios u ON u.uuid = ta.empleado_uuid
        LEFT JOIN equipos eq ON eq.uuid = t.equipo_uuid
       WHERE t.area_uuid = ${area} AND NOT ta.archivada AND ${where}
       ORDER BY ta.fecha_vencimiento NULLS LAST, ta.uuid
       LIMIT ${WALL_MAX}`);
  }

  /** The wall board's lists: `hoy` between the company day's bounds. */
  async wall(area: string, dayStart: Date, dayEnd: Date) {
    const vencidas = await this.wallTasks(area, sql`e.categoria <> 'terminada' AND ta.fecha_vencimiento < ${dayStart}`);
    const hoy = await this.wallTasks(
      area,
      sql`e.categoria <> 'terminada' AND ta.fecha_vencimiento >= ${dayStart} AND ta.fecha_vencimiento < ${dayEnd}`,
    );
    const enCurso = await this.wallTasks(area, sql`e.categoria = 'en_curso'`);
    const equipos = await this.db.query<{ uuid: string; codigo: string; nombre: string; estado: string; estado_desde: Date; total: number }>(sql`
      SELECT uuid, codigo, nombre, estado, estado_desde, count(*) OVER ()::int AS total
        FROM equipos WHERE area_uuid = ${area} AND estado = 'detenido'
       ORDER BY estado_desde, codigo LIMIT ${WALL_MAX}`);
    const solicitudes = await this.db.query<{
      uuid: string;
      numero: number;
      descripcion: string;
      urgencia: string;
      equipo_detenido: boolean;
      creado_en: Date;
      equipo_uuid: string | null;
      equipo_codigo: string | null;
      equipo_nombre: string | null;
      total: number;
    }>(sql`
      SELECT s.uuid, s.numero, s.descripcion, s.urgencia, s.equipo_detenido, s.creado_en,
             eq.uuid AS equipo_uuid, eq.codigo AS equipo_codigo, eq.nombre AS equipo_nombre, count(*) OVER ()::int AS total
        FROM solicitudes s LEFT JOIN equipos eq ON eq.uuid = s.equipo_uuid
       WHERE s.area_uuid = ${area} AND s.estado = 'pendiente'
       ORDER BY CASE s.urgencia WHEN 'alta' THEN 0 WHEN 'media' THEN 1 ELSE 2 END, s.creado_en LIMIT ${WALL_MAX}`);
    return { vencidas, hoy, enCurso, equipos, solicitudes };
  }
}
