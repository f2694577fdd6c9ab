import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Machines and problem reports (issue 33, DECISIONS section 9): the «Equipos» catalog with its
 * state and the state's timeline (downtime), «Solicitudes» with each step a reporter sees, a task
 * definition that names a machine, and attachments (photo, manuals, report photos) on both.
 */
export class Machines1763700018000 implements MigrationInterface {
  name = 'Machines1763700018000';

  async up(q: QueryRunner): Promise<void> {
    const states = `('operativo', 'detenido', 'mantenimiento', 'fuera_servicio')`;
    await q.query(`CREATE TABLE equipos (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      codigo varchar(20) NOT NULL CHECK (codigo ~ '^[A-Za-z0-9][A-Za-z0-9._-]*$'),
      nombre varchar(200) NOT NULL,
      area_uuid uuid NOT NULL REFERENCES areas(uuid),
      padre_uuid uuid REFERENCES equipos(uuid) ON DELETE SET NULL,
      fabricante varchar(120),
      modelo varchar(120),
      numero_serie varchar(120),
      estado varchar(20) NOT NULL DEFAULT 'operativo' CHECK (estado IN ${states}),
      estado_desde timestamptz NOT NULL DEFAULT now(),
      creado_por_uuid uuid REFERENCES usuarios(uuid) ON DELETE SET NULL,
      creado_en timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT equipos_padre_distinto CHECK (padre_uuid IS NULL OR padre_uuid <> uuid)
    )`);
    await q.query(`CREATE UNIQUE INDEX equipos_codigo_key ON equipos (upper(codigo))`);
    await q.query(`CREATE INDEX equipos_area_idx ON equipos (area_uuid, upper(codigo))`);
    await q.query(`CREATE INDEX equipos_estado_idx ON equipos (estado, upper(codigo))`);
    await q.query(`CREATE INDEX equipos_padre_idx ON equipos (padre_uuid) WHERE padre_uuid IS NOT NULL`);
    await q.query(`CREATE INDEX equipos_busqueda_trgm ON equipos
      USING gin (lower(f_unaccent(codigo || ' ' || nombre)) gin_trgm_ops)`);

    await q.query(`CREATE TABLE solicitudes (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      numero serial UNIQUE,
      equipo_uuid uuid REFERENCES equipos(uuid) ON DELETE SET NULL,
      area_uuid uuid NOT NULL REFERENCES areas(uuid),
      descripcion text NOT NULL,
      equipo_detenido boolean NOT NULL DEFAULT false,
      urgencia varchar(10) NOT NULL DEFAULT 'media' CHECK (urgencia IN ('baja', 'media', 'alta')),
      estado varchar(20) NOT NULL DEFAULT 'pendiente'
        CHECK (estado IN ('pendiente', 'aceptada', 'fusionada', 'rechazada', 'resuelta')),
      motivo_rechazo text,
      fusionada_en_uuid uuid REFERENCES solicitudes(uuid) ON DELETE SET NULL,
      tarea_asignada_uuid uuid REFERENCES tareas_asignadas(uuid) ON DELETE SET NULL,
      creado_por_uuid uuid NOT NULL REFERENCES usuarios(uuid),
      creado_en timestamptz NOT NULL DEFAULT now(),
      revisada_por_uuid uuid REFERENCES usuarios(uuid),
      revisada_en timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT solicitudes_rechazo CHECK (estado <> 'rechazada' OR motivo_rechazo IS NOT NULL),
      CONSTRAINT solicitudes_fusion CHECK (estado <> 'fusionada' OR fusionada_en_uuid IS NOT NULL)
    )`);
    await q.query(`CREATE INDEX solicitudes_area_estado_idx ON solicitudes (area_uuid, estado, creado_en DESC)`);
    await q.query(`CREATE INDEX solicitudes_equipo_idx ON solicitudes (equipo_uuid, creado_en DESC) WHERE equipo_uuid IS NOT NULL`);
    await q.query(`CREATE INDEX solicitudes_creado_por_idx ON solicitudes (creado_por_uuid, creado_en DESC)`);
    await q.query(`CREATE INDEX solicitudes_tarea_idx ON solicitudes (tarea_asignada_uuid) WHERE tarea_asignada_uuid IS NOT NULL`);

    // Each step of a report as its reporter sees it (creada, aceptada, fusionada, rechazada, resuelta...).
    await q.query(`CREATE TABLE solicitud_historial (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      solicitud_uuid uuid NOT NULL REFERENCES solicitudes(uuid) ON DELETE CASCADE,
      tipo varchar(20) NOT NULL
        CHECK (tipo IN ('creada', 'aceptada', 'fusionada', 'rechazada', 'tarea_terminada', 'resuelta', 'reabierta')),
      detalle text,
      usuario_uuid uuid REFERENCES usuarios(uuid) ON DELETE SET NULL,
      fecha timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX solicitud_historial_idx ON solicitud_historial (solicitud_uuid, fecha)`);

    // The state timeline: one row per interval, the open one has hasta NULL (one per machine).
    await q.query(`CREATE TABLE equipo_estados (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      equipo_uuid uuid NOT NULL REFERENCES equipos(uuid) ON DELETE CASCADE,
      estado varchar(20) NOT NULL CHECK (estado IN ${states}),
      desde timestamptz NOT NULL,
      hasta timestamptz,
      motivo text,
      solicitud_uuid uuid REFERENCES solicitudes(uuid) ON DELETE SET NULL,
      cambiado_por_uuid uuid REFERENCES usuarios(uuid) ON DELETE SET NULL,
      CONSTRAINT equipo_estados_orden CHECK (hasta IS NULL OR hasta >= desde)
    )`);
    await q.query(`CREATE UNIQUE INDEX equipo_estados_abierto ON equipo_estados (equipo_uuid) WHERE hasta IS NULL`);
    await q.query(`CREATE INDEX equipo_estados_equipo_idx ON equipo_estados (equipo_uuid, desde DESC)`);
    await q.query(`CREATE INDEX equipo_estados_periodo_idx ON equipo_estados (desde, equipo_uuid) WHERE estado <> 'operativo'`);

    await q.query(`ALTER TABLE tareas ADD COLUMN equipo_uuid uuid REFERENCES equipos(uuid)`);
    await q.query(`CREATE INDEX tareas_equipo_idx ON tareas (equipo_uuid) WHERE equipo_uuid IS NOT NULL`);

    await q.query(`ALTER TABLE adjuntos
      ADD COLUMN equipo_uuid uuid REFERENCES equipos(uuid) ON DELETE CASCADE,
      ADD COLUMN solicitud_uuid uuid REFERENCES solicitudes(uuid) ON DELETE CASCADE`);
    await q.query(`ALTER TABLE adjuntos DROP CONSTRAINT adjuntos_destino`);
    await q.query(`ALTER TABLE adjuntos ADD CONSTRAINT adjuntos_destino CHECK (
      (descripcion AND tarea_asignada_uuid IS NULL AND checklist_item_uuid IS NULL AND comentario_uuid IS NULL
        AND equipo_uuid IS NULL AND solicitud_uuid IS NULL)
      OR (NOT descripcion AND num_nonnulls(tarea_asignada_uuid, equipo_uuid, solicitud_uuid) = 1
        AND (tarea_asignada_uuid IS NOT NULL OR (checklist_item_uuid IS NULL AND comentario_uuid IS NULL))))`);
    await q.query(`CREATE INDEX adjuntos_equipo_idx ON adjuntos (equipo_uuid, creado_en) WHERE equipo_uuid IS NOT NULL`);
    await q.query(`CREATE INDEX adjuntos_solicitud_idx ON adjuntos (solicitud_uuid, creado_en) WHERE solicitud_uuid IS NOT NULL`);
    await q.query(`ALTER TABLE equipos ADD COLUMN foto_uuid uuid REFERENCES adjuntos(uuid) ON DELETE SET NULL`);

    await q.query(`UPDATE roles SET permisos = permisos
        || ARRAY['create:asset', 'read:asset', 'update:asset', 'delete:asset', 'triage:problem-report']::text[]
      WHERE nombre IN ('Administrador', 'Supervisor') AND NOT ('read:asset' = ANY(permisos))`);
    await q.query(`UPDATE roles SET permisos = array_append(permisos, 'read:asset')
      WHERE nombre = 'Operario' AND NOT ('read:asset' = ANY(permisos))`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const p of ['create:asset', 'read:asset', 'update:asset', 'delete:asset', 'triage:problem-report']) {
      await q.query(`UPDATE roles SET permisos = array_remove(permisos, $1)`, [p]);
    }
    await q.query(`ALTER TABLE equipos DROP COLUMN IF EXISTS foto_uuid`);
    await q.query(`DELETE FROM adjuntos WHERE equipo_uuid IS NOT NULL OR solicitud_uuid IS NOT NULL`);
    await q.query(`ALTER TABLE adjuntos DROP CONSTRAINT adjuntos_destino`);
    await q.query(`ALTER TABLE adjuntos DROP COLUMN equipo_uuid, DROP COLUMN solicitud_uuid`);
    await q.query(`ALTER TABLE adjuntos ADD CONSTRAINT adjuntos_destino CHECK (
      (descripcion AND tarea_asignada_uuid IS NULL AND checklist_item_uuid IS NULL AND comentario_uuid IS NULL)
      OR (NOT descripcion AND tarea_asignada_uuid IS NOT NULL))`);
    await q.query(`ALTER TABLE tareas DROP COLUMN IF EXISTS equipo_uuid`);
    await q.query(`DROP TABLE IF EXISTS equipo_estados`);
    await q.query(`DROP TABLE IF EXISTS solicitud_historial`);
    await q.query(`DROP TABLE IF EXISTS solicitudes`);
    await q.query(`DROP TABLE IF EXISTS equipos`);
  }
}
