import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Checklists and attachments (issue 17).
 * - `tarea_checklist`: the ordered steps of a task definition.
 * - `tarea_asignada_checklist`: each occurrence's own copy, made when the occurrence is inserted
 *   (one statement-level trigger, so one-off assignments, the scheduler's batch and any later
 *   insert path all copy it); editing the task never changes past work.
 * - `adjuntos`: one row per stored file (photos and PDFs) of an occurrence, optionally of one of its
 *   checklist items or comments. The bytes live in the attachment storage (`UPLOADS_DIR`).
 */
export class ChecklistsAttachments1763700014000 implements MigrationInterface {
  name = 'ChecklistsAttachments1763700014000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE tarea_checklist (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tarea_uuid uuid NOT NULL REFERENCES tareas(uuid) ON DELETE CASCADE,
      orden integer NOT NULL,
      texto varchar(200) NOT NULL,
      requiere_foto boolean NOT NULL DEFAULT false,
      requiere_nota boolean NOT NULL DEFAULT false,
      UNIQUE (tarea_uuid, orden)
    )`);
    await q.query(`CREATE TABLE tarea_asignada_checklist (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tarea_asignada_uuid uuid NOT NULL REFERENCES tareas_asignadas(uuid) ON DELETE CASCADE,
      orden integer NOT NULL,
      texto varchar(200) NOT NULL,
      requiere_foto boolean NOT NULL DEFAULT false,
      requiere_nota boolean NOT NULL DEFAULT false,
      hecho boolean NOT NULL DEFAULT false,
      nota text,
      hecho_por_uuid uuid REFERENCES usuarios(uuid),
      hecho_en timestamptz,
      UNIQUE (tarea_asignada_uuid, orden)
    )`);
    await q.query(`CREATE FUNCTION f_copiar_checklist() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO tarea_asignada_checklist (tarea_asignada_uuid, orden, texto, requiere_foto, requiere_nota)
        SELECT n.uuid, c.orden, c.texto, c.requiere_foto, c.requiere_nota
          FROM nuevas n JOIN tarea_checklist c ON c.tarea_uuid = n.tarea_uuid;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER tareas_asignadas_copiar_checklist AFTER INSERT ON tareas_asignadas
      REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION f_copiar_checklist()`);

    await q.query(`CREATE TABLE adjuntos (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      -- NULL for an image inserted in a task's description (descripcion = true).
      tarea_asignada_uuid uuid REFERENCES tareas_asignadas(uuid) ON DELETE CASCADE,
      descripcion boolean NOT NULL DEFAULT false,
      checklist_item_uuid uuid REFERENCES tarea_asignada_checklist(uuid) ON DELETE SET NULL,
      comentario_uuid uuid REFERENCES comentarios(uuid) ON DELETE SET NULL,
      nombre varchar(255) NOT NULL,
      tipo varchar(50) NOT NULL,
      tamano integer NOT NULL,
      clave text NOT NULL UNIQUE,
      miniatura_clave text UNIQUE,
      creado_por_uuid uuid NOT NULL REFERENCES usuarios(uuid),
      creado_en timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT adjuntos_destino CHECK (
        (descripcion AND tarea_asignada_uuid IS NULL AND checklist_item_uuid IS NULL AND comentario_uuid IS NULL)
        OR (NOT descripcion AND tarea_asignada_uuid IS NOT NULL))
    )`);
    await q.query(`CREATE INDEX adjuntos_tarea_asignada_idx ON adjuntos (tarea_asignada_uuid, creado_en)`);
    await q.query(`CREATE INDEX adjuntos_checklist_item_idx ON adjuntos (checklist_item_uuid) WHERE checklist_item_uuid IS NOT NULL`);

    await q.query(`ALTER TABLE historial_tareas_asignadas DROP CONSTRAINT IF EXISTS historial_tareas_asignadas_tipo_check`);
    await q.query(`ALTER TABLE historial_tareas_asignadas ADD CONSTRAINT historial_tareas_asignadas_tipo_check
      CHECK (tipo IN ('estado', 'archivo', 'comentario', 'asignacion', 'checklist', 'adjunto'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM historial_tareas_asignadas WHERE tipo IN ('checklist', 'adjunto')`);
    await q.query(`ALTER TABLE historial_tareas_asignadas DROP CONSTRAINT IF EXISTS historial_tareas_asignadas_tipo_check`);
    await q.query(`ALTER TABLE historial_tareas_asignadas ADD CONSTRAINT historial_tareas_asignadas_tipo_check
      CHECK (tipo IN ('estado', 'archivo', 'comentario', 'asignacion'))`);
    await q.query(`DROP TABLE IF EXISTS adjuntos`);
    await q.query(`DROP TRIGGER IF EXISTS tareas_asignadas_copiar_checklist ON tareas_asignadas`);
    await q.query(`DROP FUNCTION IF EXISTS f_copiar_checklist()`);
    await q.query(`DROP TABLE IF EXISTS tarea_asignada_checklist`);
    await q.query(`DROP TABLE IF EXISTS tarea_checklist`);
  }
}
