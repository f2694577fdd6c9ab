"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.InitialSchema1763700000000 = void 0;
/** The whole data model of DECISIONS section 4. */
class InitialSchema1763700000000 {
    name = 'InitialSchema1763700000000';
    async up(q) {
        await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
        await q.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
        // unaccent() is only STABLE; an IMMUTABLE wrapper lets indexes use it.
        await q.query(`CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$`);
        await q.query(`CREATE TABLE roles (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      nombre varchar(100) NOT NULL UNIQUE,
      permisos text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE TABLE areas (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      nombre varchar(150) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE TABLE descripciones_puesto (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      nombre varchar(150) NOT NULL,
      descripcion text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE TABLE usuarios (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      username varchar(100) NOT NULL,
      password_hash varchar(255) NOT NULL,
      nombre varchar(100) NOT NULL,
      apellido varchar(100) NOT NULL,
      rol_uuid uuid NOT NULL REFERENCES roles(uuid),
      descripcion_puesto_uuid uuid REFERENCES descripciones_puesto(uuid),
      activo boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE UNIQUE INDEX usuarios_username_key ON usuarios (lower(username))`);
        await q.query(`CREATE INDEX usuarios_rol_idx ON usuarios (rol_uuid)`);
        await q.query(`CREATE INDEX usuarios_puesto_idx ON usuarios (descripcion_puesto_uuid)`);
        await q.query(`CREATE INDEX usuarios_nombre_trgm ON usuarios USING gin (lower(f_unaccent(nombre || ' ' || apellido)) gin_trgm_ops)`);
        await q.query(`CREATE INDEX usuarios_username_trgm ON usuarios USING gin (lower(f_unaccent(username)) gin_trgm_ops)`);
        await q.query(`CREATE TABLE usuario_areas (
      usuario_uuid uuid NOT NULL REFERENCES usuarios(uuid) ON DELETE CASCADE,
      area_uuid uuid NOT NULL REFERENCES areas(uuid),
      PRIMARY KEY (usuario_uuid, area_uuid)
    )`);
        await q.query(`CREATE INDEX usuario_areas_area_idx ON usuario_areas (area_uuid, usuario_uuid)`);
        await q.query(`CREATE TABLE estados (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      nombre varchar(100) NOT NULL,
      descripcion text NOT NULL,
      "order" integer NOT NULL CHECK ("order" >= 1),
      color varchar(7) NOT NULL CHECK (color ~ '^#[0-9A-F]{6}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE TABLE tipos_tarea (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      nombre varchar(150) NOT NULL,
      descripcion text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE TABLE tareas (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      titulo varchar(200) NOT NULL,
      descripcion text NOT NULL DEFAULT '',
      tipo_tarea_uuid uuid NOT NULL REFERENCES tipos_tarea(uuid),
      area_uuid uuid NOT NULL REFERENCES areas(uuid),
      activo boolean NOT NULL DEFAULT true,
      creado_por_uuid uuid NOT NULL REFERENCES usuarios(uuid),
      fecha_creacion timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE INDEX tareas_area_idx ON tareas (area_uuid, fecha_creacion DESC)`);
        await q.query(`CREATE INDEX tareas_tipo_idx ON tareas (tipo_tarea_uuid)`);
        await q.query(`CREATE INDEX tareas_creado_por_idx ON tareas (creado_por_uuid)`);
        await q.query(`CREATE INDEX tareas_titulo_trgm ON tareas USING gin (lower(f_unaccent(titulo)) gin_trgm_ops)`);
        await q.query(`CREATE TABLE tarea_usuarios (
      tarea_uuid uuid NOT NULL REFERENCES tareas(uuid) ON DELETE CASCADE,
      usuario_uuid uuid NOT NULL REFERENCES usuarios(uuid),
      PRIMARY KEY (tarea_uuid, usuario_uuid)
    )`);
        await q.query(`CREATE INDEX tarea_usuarios_usuario_idx ON tarea_usuarios (usuario_uuid)`);
        await q.query(`CREATE TABLE sugerencias (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tarea_uuid uuid NOT NULL REFERENCES tareas(uuid) ON DELETE CASCADE,
      creado_por_uuid uuid NOT NULL REFERENCES usuarios(uuid),
      descripcion text NOT NULL,
      fecha_creacion timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE INDEX sugerencias_tarea_idx ON sugerencias (tarea_uuid)`);
        await q.query(`CREATE TABLE programaciones_tareas (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tarea_uuid uuid NOT NULL UNIQUE REFERENCES tareas(uuid) ON DELETE CASCADE,
      intervalo_repeticion integer NOT NULL CHECK (intervalo_repeticion >= 1),
      proxima_ejecucion date NOT NULL,
      dias_vencimiento integer NOT NULL DEFAULT 0 CHECK (dias_vencimiento >= 0),
      activo boolean NOT NULL DEFAULT true,
      ultima_ejecucion timestamptz,
      total_generadas integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE INDEX programaciones_due_idx ON programaciones_tareas (proxima_ejecucion) WHERE activo`);
        await q.query(`CREATE TABLE tareas_asignadas (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tarea_uuid uuid NOT NULL REFERENCES tareas(uuid),
      empleado_uuid uuid NOT NULL REFERENCES usuarios(uuid),
      estado_uuid uuid NOT NULL REFERENCES estados(uuid),
      fecha_asignacion timestamptz NOT NULL DEFAULT now(),
      fecha_vencimiento date,
      archivada boolean NOT NULL DEFAULT false,
      calificacion smallint CHECK (calificacion BETWEEN 1 AND 5),
      observaciones text,
      fecha_archivado timestamptz,
      fecha_completada timestamptz,
      asignado_por_uuid uuid REFERENCES usuarios(uuid),
      programacion_uuid uuid REFERENCES programaciones_tareas(uuid) ON DELETE SET NULL,
      fecha_ocurrencia date,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        // Exactly once: one occurrence per (schedule, date, employee).
        await q.query(`CREATE UNIQUE INDEX tareas_asignadas_ocurrencia_key
      ON tareas_asignadas (programacion_uuid, fecha_ocurrencia, empleado_uuid)
      WHERE programacion_uuid IS NOT NULL`);
        await q.query(`CREATE INDEX tareas_asignadas_board_idx ON tareas_asignadas (empleado_uuid, estado_uuid) WHERE NOT archivada`);
        await q.query(`CREATE INDEX tareas_asignadas_tarea_idx ON tareas_asignadas (tarea_uuid) INCLUDE (archivada)`);
        await q.query(`CREATE INDEX tareas_asignadas_estado_idx ON tareas_asignadas (estado_uuid)`);
        await q.query(`CREATE INDEX tareas_asignadas_fecha_idx ON tareas_asignadas (fecha_asignacion DESC)`);
        await q.query(`CREATE INDEX tareas_asignadas_empleado_fecha_idx ON tareas_asignadas (empleado_uuid, fecha_asignacion DESC)`);
        await q.query(`CREATE TABLE comentarios (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tarea_asignada_uuid uuid NOT NULL REFERENCES tareas_asignadas(uuid) ON DELETE CASCADE,
      usuario_uuid uuid NOT NULL REFERENCES usuarios(uuid),
      texto text NOT NULL,
      fecha_creacion timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE INDEX comentarios_tarea_idx ON comentarios (tarea_asignada_uuid, fecha_creacion)`);
        await q.query(`CREATE TABLE historial_tareas_asignadas (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tarea_asignada_uuid uuid NOT NULL REFERENCES tareas_asignadas(uuid) ON DELETE CASCADE,
      tipo varchar(20) NOT NULL CHECK (tipo IN ('estado', 'archivo', 'comentario', 'asignacion')),
      detalle text NOT NULL,
      usuario_uuid uuid REFERENCES usuarios(uuid),
      fecha timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE INDEX historial_tarea_idx ON historial_tareas_asignadas (tarea_asignada_uuid, fecha)`);
        await q.query(`CREATE TABLE dispositivos (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      usuario_uuid uuid NOT NULL REFERENCES usuarios(uuid) ON DELETE CASCADE,
      token varchar(4096) NOT NULL UNIQUE,
      plataforma varchar(20) NOT NULL DEFAULT 'web',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE INDEX dispositivos_usuario_idx ON dispositivos (usuario_uuid)`);
        await q.query(`CREATE TABLE notificaciones (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      usuario_uuid uuid NOT NULL REFERENCES usuarios(uuid) ON DELETE CASCADE,
      titulo varchar(200) NOT NULL,
      mensaje text NOT NULL,
      leida boolean NOT NULL DEFAULT false,
      enviado_por_uuid uuid REFERENCES usuarios(uuid),
      fecha_creacion timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE INDEX notificaciones_usuario_idx ON notificaciones (usuario_uuid, fecha_creacion DESC)`);
        await q.query(`CREATE INDEX notificaciones_no_leidas_idx ON notificaciones (usuario_uuid) WHERE NOT leida`);
        await q.query(`CREATE TABLE refresh_tokens (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      usuario_uuid uuid NOT NULL REFERENCES usuarios(uuid) ON DELETE CASCADE,
      family_uuid uuid NOT NULL,
      token_hash varchar(64) NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      rotated_at timestamptz,
      replaced_by_uuid uuid,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_uuid)`);
        await q.query(`CREATE INDEX refresh_tokens_usuario_idx ON refresh_tokens (usuario_uuid)`);
        await q.query(`CREATE TABLE login_attempts (
      id bigserial PRIMARY KEY,
      username varchar(100) NOT NULL,
      address varchar(100) NOT NULL,
      attempted_at timestamptz NOT NULL DEFAULT now()
    )`);
        await q.query(`CREATE INDEX login_attempts_user_idx ON login_attempts (lower(username), address, attempted_at)`);
        await q.query(`CREATE INDEX login_attempts_address_idx ON login_attempts (address, attempted_at)`);
    }
    async down(q) {
        for (const t of [
            'login_attempts',
            'refresh_tokens',
            'notificaciones',
            'dispositivos',
            'historial_tareas_asignadas',
            'comentarios',
            'tareas_asignadas',
            'programaciones_tareas',
            'sugerencias',
            'tarea_usuarios',
            'tareas',
            'tipos_tarea',
            'estados',
            'usuario_areas',
            'usuarios',
            'descripciones_puesto',
            'areas',
            'roles',
        ]) {
            await q.query(`DROP TABLE IF EXISTS ${t}`);
        }
        await q.query(`DROP FUNCTION IF EXISTS f_unaccent(text)`);
    }
}
exports.InitialSchema1763700000000 = InitialSchema1763700000000;
//# sourceMappingURL=1763700000000-initial-schema.js.map