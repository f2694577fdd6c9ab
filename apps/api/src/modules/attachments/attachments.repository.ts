import { Injectable } from '@nestjs/common';
import type { AttachmentType } from '@gestar/contracts';
import { Db } from '../../database/db';
import type { Column, Columns } from '../../database/rows';
import { sql } from '../../database/sql';

/** `tarea_asignada_uuid` is null for an image of a task description. */
export type AttachmentRow = Columns<
  'adjuntos',
  | 'uuid'
  | 'tarea_asignada_uuid'
  | 'equipo_uuid'
  | 'checklist_item_uuid'
  | 'comentario_uuid'
  | 'solicitud_uuid'
  | 'nombre'
  | 'tipo'
  | 'tamano'
  | 'clave'
  | 'miniatura_clave'
  | 'creado_por_uuid'
  | 'creado_en'
> & {
  /** A CHECK constraint in the schema: narrowed here. */
  tipo: AttachmentType;
  creado_por_nombre: Column<'usuarios', 'nombre'>;
  creado_por_apellido: Column<'usuarios', 'apellido'>;
};

/** A thumbnail of an occurrence's image: both columns are not null there. */
export type ThumbnailRow = { [K in 'tarea_asignada_uuid' | 'miniatura_clave']: NonNullable<Column<'adjuntos', K>> };

export interface NewAttachment {
  uuid: string;
  /** Null for an image of a task description. */
  tareaAsignadaUuid: string | null;
  /** A machine's photo or document (then `tareaAsignadaUuid` is null). */
  equipoUuid?: string | null;
  checklistItemUuid: string | null;
  comentarioUuid: string | null;
  /** A photo of a problem report (then no assigned task). */
  solicitudUuid?: string | null;
  nombre: string;
  tipo: AttachmentType;
  tamano: number;
  clave: string;
  miniaturaClave: string | null;
  creadoPor: string;
}

const SELECT = sql`
  SELECT a.uuid, a.tarea_asignada_uuid, a.equipo_uuid, a.checklist_item_uuid, a.comentario_uuid, a.solicitud_uuid, a.nombre,
         a.tipo, a.tamano,
         a.clave, a.miniatura_clave, a.creado_por_uuid, u.nombre AS creado_por_nombre, u.apellido AS creado_por_apellido,
         a.creado_en
    FROM adjuntos a JOIN usuarios u ON u.uuid = a.creado_por_uuid`;

/** The only writer of `adjuntos`. */
@Injectable()
export class AttachmentsRepository {
  constructor(private readonly db: Db) {}

  /** Every file of an occurrence, oldest first. */
  ofOccurrence(tareaAsignadaUuid: string): Promise<AttachmentRow[]> {
    return this.db.query(sql`${SELECT} WHERE a.tarea_asignada_uuid = ${tareaAsignadaUuid} ORDER BY a.creado_en, a.uuid`);
  }

  /** Every photo of a problem report, oldest first. */
  ofReport(solicitudUuid: string): Promise<AttachmentRow[]> {
    return this.db.query(sql`${SELECT} WHERE a.solicitud_uuid = ${solicitudUuid} ORDER BY a.creado_en, a.uuid`);
  }

  /** Photos of a report, counted under a lock on the report row (taken by the caller). */
  async countOfReport(solicitudUuid: string): Promise<number> {
    const row = await this.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM adjuntos WHERE solicitud_uuid = ${solicitudUuid}`,
    );
    return row?.n ?? 0;
  }

  /** Who may see a report's photos: its reporter and its area. */
  reportOf(solicitudUuid: string): Promise<Columns<'solicitudes', 'area_uuid' | 'creado_por_uuid'> | null> {
    return this.db.one(sql`SELECT area_uuid, creado_por_uuid FROM solicitudes WHERE uuid = ${solicitudUuid}`);
  }

  find(uuid: string): Promise<AttachmentRow | null> {
    return this.db.one(sql`${SELECT} WHERE a.uuid = ${uuid}`);
  }

  /** Files of the occurrence, counted under a lock on the occurrence row (taken by the caller). */
  async count(tareaAsignadaUuid: string): Promise<number> {
    const row = await this.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM adjuntos WHERE tarea_asignada_uuid = ${tareaAsignadaUuid}`,
    );
    return row?.n ?? 0;
  }

  /** Files of a machine, counted under a lock on the machine's row (taken by the caller). */
  async countOfAsset(equipoUuid: string): Promise<number> {
    const row = await this.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM adjuntos WHERE equipo_uuid = ${equipoUuid}`);
    return row?.n ?? 0;
  }

  /** The images (never a PDF) attached to a checklist step: the evidence a step that requires a photo needs. */
  async photosOfItem(itemUuid: string): Promise<number> {
    const row = await this.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM adjuntos WHERE checklist_item_uuid = ${itemUuid} AND tipo LIKE 'image/%'`,
    );
    return row?.n ?? 0;
  }

  /** The areas of the tasks whose description shows the image (names its path). */
  async areasShowingImage(uuid: string): Promise<string[]> {
    const rows = await this.db.query<Columns<'tareas', 'area_uuid'>>(sql`
      SELECT DISTINCT t.area_uuid FROM tareas t WHERE strpos(t.descripcion, ${`/api/attachments/${uuid}`}) > 0`);
    return rows.map((r) => r.area_uuid);
  }

  async insert(a: NewAttachment): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO adjuntos (uuid, tarea_asignada_uuid, equipo_uuid, solicitud_uuid, descripcion, checklist_item_uuid,
                            comentario_uuid, nombre, tipo, tamano, clave, miniatura_clave, creado_por_uuid)
      VALUES (${a.uuid}, ${a.tareaAsignadaUuid}, ${a.equipoUuid ?? null}, ${a.solicitudUuid ?? null},
              ${a.tareaAsignadaUuid === null && !a.equipoUuid && !a.solicitudUuid}, ${a.checklistItemUuid}, ${a.comentarioUuid},
              ${a.nombre}, ${a.tipo}, ${a.tamano}, ${a.clave}, ${a.miniaturaClave}, ${a.creadoPor})`);
  }

  /**
   * Removes the description images older than `before` that no task's description names, and
   * answers their stored keys (the caller deletes the files).
   */
  async deleteUnusedDescriptionImages(before: Date): Promise<string[]> {
    const rows = await this.db.query<Columns<'adjuntos', 'clave' | 'miniatura_clave'>>(sql`
      DELETE FROM adjuntos a
       WHERE a.descripcion AND a.creado_en < ${before}
         AND NOT EXISTS (SELECT 1 FROM tareas t WHERE strpos(t.descripcion, '/api/attachments/' || a.uuid::text) > 0)
      RETURNING a.clave, a.miniatura_clave`);
    return rows.flatMap((r) => (r.miniatura_clave ? [r.clave, r.miniatura_clave] : [r.clave]));
  }

  /**
   * The thumbnail keys of the occurrences' images, the first `perOccurrence` of each by upload
   * time (a report's PDF with photos).
   */
  thumbnailsOf(occurrences: readonly string[], perOccurrence: number): Promise<ThumbnailRow[]> {
    if (occurrences.length === 0) return Promise.resolve([]);
    return this.db.query(sql`
      SELECT tarea_asignada_uuid, miniatura_clave FROM (
        SELECT tarea_asignada_uuid, miniatura_clave, creado_en, uuid,
               row_number() OVER (PARTITION BY tarea_asignada_uuid ORDER BY creado_en, uuid) AS n
          FROM adjuntos
         WHERE tarea_asignada_uuid = ANY(${occurrences}::uuid[]) AND miniatura_clave IS NOT NULL) f
       WHERE n <= ${perOccurrence}
       ORDER BY tarea_asignada_uuid, creado_en, uuid`);
  }

  async delete(uuid: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM adjuntos WHERE uuid = ${uuid}`);
  }

  /** Whether a stored key (file or thumbnail) belongs to a row: the orphan sweep keeps those. */
  async knownKeys(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db.query<{ k: string }>(sql`
      SELECT clave AS k FROM adjuntos WHERE clave = ANY(${keys}::text[])
      UNION SELECT miniatura_clave FROM adjuntos WHERE miniatura_clave = ANY(${keys}::text[])`);
    return new Set(rows.map((r) => r.k));
  }

  /** Whether the checklist step / comment belongs to the occurrence. */
  async itemOf(tareaAsignadaUuid: string, itemUuid: string): Promise<boolean> {
    return (
      (await this.db.one(sql`
        SELECT 1 FROM tarea_asignada_checklist WHERE uuid = ${itemUuid} AND tarea_asignada_uuid = ${tareaAsignadaUuid}`)) !== null
    );
  }

  async commentOf(tareaAsignadaUuid: string, comentarioUuid: string): Promise<boolean> {
    return (
      (await this.db.one(sql`
        SELECT 1 FROM comentarios WHERE uuid = ${comentarioUuid} AND tarea_asignada_uuid = ${tareaAsignadaUuid}`)) !== null
    );
  }
}
