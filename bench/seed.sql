-- Bulk seed of the benchmark organisation: set-based INSERT ... SELECT over
-- generate_series, never one row at a time. Placeholders ({{NAME}}) are
-- filled in by bench/lib/seed.mjs: {{ASSIGNED}} assigned tasks, {{COMMENTS}}
-- comments, {{OPEN}} non-archived (board) tasks, {{TASKS}} task definitions, {{HASH}} the argon2 hash of
-- every user's password, {{MACHINES}} machines («equipos», a multiple of 20).
SET synchronous_commit = off;
SET maintenance_work_mem = '256MB';

INSERT INTO estados (nombre, descripcion, "order", color) VALUES
  ('Pendiente', 'Tarea pendiente', 1, '#FA5252'),
  ('En progreso', 'Tarea en curso', 2, '#FAB005'),
  ('Completada', 'Tarea terminada', 3, '#40C057');

INSERT INTO areas (nombre)
SELECT (ARRAY['Carpintería','Tapicería','Logística','Pintura','Montaje','Calidad','Mantenimiento','Almacén',
              'Compras','Expedición','Soldadura','Electricidad','Fontanería','Limpieza','Jardinería',
              'Informática','Recepción','Administración','Producción','Diseño'])[g]
FROM generate_series(1, 20) g;

INSERT INTO descripciones_puesto (nombre, descripcion)
SELECT 'Puesto ' || g, 'Descripción del puesto número ' || g FROM generate_series(1, 10) g;

INSERT INTO tipos_tarea (nombre, descripcion)
SELECT 'Tipo ' || g, 'Tipo de tarea número ' || g FROM generate_series(1, 10) g;

-- Numbered lookups so the big inserts below join by integer.
CREATE TEMP TABLE b_areas AS SELECT row_number() OVER (ORDER BY nombre, uuid)::int - 1 AS n, uuid FROM areas;
CREATE TEMP TABLE b_tipos AS SELECT row_number() OVER (ORDER BY nombre, uuid)::int - 1 AS n, uuid FROM tipos_tarea;
CREATE TEMP TABLE b_puestos AS SELECT row_number() OVER (ORDER BY nombre, uuid)::int - 1 AS n, uuid FROM descripciones_puesto;

-- 200 users: user 0 is the administrator, 1..20 supervisors (two areas each), the rest operarios (one area).
INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid, descripcion_puesto_uuid, activo)
SELECT CASE WHEN g = 0 THEN 'admin' WHEN g <= 20 THEN 'supervisor' || g ELSE 'operario' || g END,
       '{{HASH}}',
       (ARRAY['José','María','Ángel','Lucía','Íñigo','Sofía','Andrés','Raúl','Begoña','Martín','Inés','Óscar','Nuria','Jesús','Verónica'])[1 + g % 15],
       (ARRAY['Pérez','Gómez','Núñez','Martínez','López','Sánchez','Fernández','Muñoz','Jiménez','Álvarez','Ruiz','Díaz','Hernández','Peña','Ibáñez','Castro','Ortiz'])[1 + (g / 3) % 17],
       (SELECT uuid FROM roles WHERE nombre = CASE WHEN g = 0 THEN 'Administrador' WHEN g <= 20 THEN 'Supervisor' ELSE 'Operario' END),
       (SELECT uuid FROM b_puestos WHERE n = g % 10),
       g % 50 <> 49
FROM generate_series(0, 199) g;

CREATE TEMP TABLE b_users AS
SELECT CASE WHEN username = 'admin' THEN 0 ELSE substring(username FROM '[0-9]+$')::int END AS n, uuid
FROM usuarios;

-- Admin: every area. Supervisor s (1..20): areas s-1 and s mod 20. Operario g: area g mod 20.
INSERT INTO usuario_areas (usuario_uuid, area_uuid)
SELECT u.uuid, a.uuid FROM b_users u JOIN b_areas a ON u.n = 0
UNION ALL
SELECT u.uuid, a.uuid FROM b_users u JOIN b_areas a ON u.n BETWEEN 1 AND 20 AND a.n IN (u.n - 1, u.n % 20)
UNION ALL
SELECT u.uuid, a.uuid FROM b_users u JOIN b_areas a ON u.n > 20 AND a.n = u.n % 20;

-- Active operarios of each area, as an array to pick from by index.
CREATE TEMP TABLE b_area_users AS
SELECT a.n AS area_n, array_agg(u.uuid ORDER BY u.n) AS users
FROM b_areas a
JOIN usuario_areas ua ON ua.area_uuid = a.uuid
JOIN b_users u ON u.uuid = ua.usuario_uuid AND u.n > 20
JOIN usuarios uu ON uu.uuid = u.uuid AND uu.activo
GROUP BY a.n;

-- {{TASKS}} task definitions (2,000 at the smallest scales, 20,000 from a million assignments on), spread over the 20 areas.
INSERT INTO tareas (titulo, descripcion, tipo_tarea_uuid, area_uuid, creado_por_uuid, fecha_creacion)
SELECT (ARRAY['Revisión','Limpieza','Inspección','Reparación','Calibración','Pedido','Mantenimiento','Preparación'])[1 + g % 8]
         || ' de ' || (ARRAY['máquina','almacén','vehículo','camión','sierra','compresor','estantería','oficina','cámara','línea'])[1 + (g / 8) % 10]
         || ' nº ' || g,
       'Descripción de la tarea ' || g,
       (SELECT uuid FROM b_tipos WHERE n = g % 10),
       (SELECT uuid FROM b_areas WHERE n = g % 20),
       (SELECT uuid FROM b_users WHERE n = 0),
       now() - make_interval(days => 1100) + make_interval(mins => g * 7)
FROM generate_series(0, {{TASKS}} - 1) g;

CREATE TEMP TABLE b_tasks AS
SELECT (substring(t.titulo FROM '[0-9]+$'))::int AS n, t.uuid, a.n AS area_n
FROM tareas t JOIN b_areas a ON a.uuid = t.area_uuid;
CREATE UNIQUE INDEX ON b_tasks (n);
ANALYZE b_tasks;

-- {{MACHINES}} machines over the 20 areas (machine g in area g mod 20), a year and more of history.
INSERT INTO equipos (codigo, nombre, area_uuid, fabricante, modelo, creado_en, estado_desde)
SELECT 'EQ-' || lpad(g::text, 5, '0'),
       (ARRAY['Sierra circular','Escuadradora','Tupí','Lijadora de banda','Canteadora','CNC','Cabina de pintura','Prensa'])[1 + g % 8]
         || ' ' || g,
       (SELECT uuid FROM b_areas WHERE n = g % 20),
       (ARRAY['Felder','SCM','Homag','Biesse'])[1 + g % 4], 'Modelo ' || (g % 37),
       now() - interval '400 days', now() - interval '400 days'
FROM generate_series(0, {{MACHINES}} - 1) g;
CREATE TEMP TABLE b_equipos AS
SELECT substring(codigo FROM '[0-9]+$')::int AS n, uuid, area_uuid FROM equipos;
CREATE UNIQUE INDEX ON b_equipos (n);
ANALYZE b_equipos;

-- Every fourth block of 20 tasks names a machine of its own area: task 20q + r -> machine 20(q/4) + r
-- (one task per machine at 20,000 tasks and 5,000 machines). The scheduled ones among them (n < 500)
-- are preventive maintenance; their occurrences carry the schedule below.
UPDATE tareas t SET equipo_uuid = e.uuid
FROM b_tasks bt JOIN b_equipos e ON e.n = (20 * ((bt.n / 20) / 4) + bt.n % 20) % {{MACHINES}}
WHERE bt.uuid = t.uuid AND (bt.n / 20) % 4 = 0;

-- Five default assignees per task, from its area's active operarios.
INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid)
SELECT DISTINCT t.uuid, au.users[1 + (t.n / 20 + k) % cardinality(au.users)]
FROM b_tasks t JOIN b_area_users au ON au.area_n = t.area_n, generate_series(0, 4) k;

-- 500 schedules (tasks 0..499), not due during the run (the scheduler benchmark makes its own due ones).
INSERT INTO programaciones_tareas (tarea_uuid, intervalo_repeticion, proxima_ejecucion, dias_vencimiento, activo)
SELECT t.uuid, 1 + t.n % 7, current_date + 30 + t.n % 30, t.n % 3, true
FROM b_tasks t WHERE t.n < 500;

-- The schedules of tasks on machines: their occurrences are preventive work.
CREATE TEMP TABLE b_preventive AS
SELECT bt.n, p.uuid AS programacion_uuid
FROM b_tasks bt JOIN tareas t ON t.uuid = bt.uuid AND t.equipo_uuid IS NOT NULL
JOIN programaciones_tareas p ON p.tarea_uuid = bt.uuid;


-- State timelines: twelve events a year per machine (one every 30 days, at an hour of its own), each
-- 1 to 48 hours long: planned maintenance (k = 2, 6, 10), else a stop, reported by an operario (a
-- problem report: 2 of 3) or set by hand; operativo in between. One machine in 50 is still stopped by
-- a report (its last interval open); the others are operativo now.
CREATE TEMP TABLE b_eventos AS
SELECT e.n AS equipo_n, e.uuid AS equipo_uuid, e.area_uuid, k,
       now() - interval '365 days' + make_interval(days => 30 * k, hours => (e.n * 7 + k * 13) % 600) AS desde,
       make_interval(hours => 1 + (e.n * 11 + k * 5) % 48) AS dura,
       CASE WHEN k % 4 = 2 THEN 'mantenimiento' ELSE 'detenido' END AS estado,
       (k % 4 <> 2 AND (e.n + k) % 3 <> 0) OR (e.n % 50 = 0 AND k = 11) AS reportada,
       e.n % 50 = 0 AND k = 11 AS abierta
FROM b_equipos e, generate_series(0, 11) k;

INSERT INTO solicitudes (equipo_uuid, area_uuid, descripcion, equipo_detenido, urgencia, estado, creado_por_uuid,
                         creado_en, revisada_en, updated_at)
SELECT ev.equipo_uuid, ev.area_uuid, 'El equipo se detuvo (evento ' || ev.k || ')', true,
       (ARRAY['baja','media','alta'])[1 + ev.k % 3], CASE WHEN ev.abierta THEN 'aceptada' ELSE 'resuelta' END,
       au.users[1 + ev.k % cardinality(au.users)], ev.desde, ev.desde + interval '10 minutes', ev.desde
FROM b_eventos ev
JOIN b_equipos e ON e.n = ev.equipo_n
JOIN b_area_users au ON au.area_n = ev.equipo_n % 20
WHERE ev.reportada;
CREATE TEMP TABLE b_solicitudes AS
SELECT s.uuid, s.equipo_uuid, s.creado_en FROM solicitudes s;
CREATE INDEX ON b_solicitudes (equipo_uuid, creado_en);

INSERT INTO equipo_estados (equipo_uuid, estado, desde, hasta, solicitud_uuid)
SELECT ev.equipo_uuid, ev.estado, ev.desde, CASE WHEN ev.abierta THEN NULL ELSE ev.desde + ev.dura END,
       CASE WHEN ev.reportada THEN (SELECT s.uuid FROM b_solicitudes s
                                    WHERE s.equipo_uuid = ev.equipo_uuid AND s.creado_en = ev.desde LIMIT 1) END
FROM b_eventos ev
UNION ALL
-- operativo from its creation to the first event, between events, and after the last (open).
SELECT ev.equipo_uuid, 'operativo',
       COALESCE(lag(ev.desde + ev.dura) OVER w, now() - interval '400 days'), ev.desde, NULL
FROM b_eventos ev
WINDOW w AS (PARTITION BY ev.equipo_uuid ORDER BY ev.k)
UNION ALL
SELECT ev.equipo_uuid, 'operativo', ev.desde + ev.dura, NULL, NULL
FROM b_eventos ev WHERE ev.k = 11 AND NOT ev.abierta;
UPDATE equipos e SET estado = 'detenido', estado_desde = ev.desde
FROM b_eventos ev WHERE ev.abierta AND ev.equipo_uuid = e.uuid;

-- Bulk load without the secondary indexes, then rebuild them once (far faster than per-row maintenance).
CREATE TEMP TABLE b_indexes AS
SELECT indexname, indexdef FROM pg_indexes
WHERE schemaname = 'public' AND tablename IN ('tareas_asignadas', 'comentarios', 'historial_tareas_asignadas', 'intervalos_tiempo')
  AND indexname NOT LIKE '%_pkey' AND indexname <> 'intervalos_tiempo_sin_solapar';
-- The time intervals' no-overlap rule is a constraint: dropped too, and added back once they are in.
ALTER TABLE intervalos_tiempo DROP CONSTRAINT intervalos_tiempo_sin_solapar;
DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT indexname FROM b_indexes LOOP EXECUTE format('DROP INDEX %I', r.indexname); END LOOP;
END $$;

-- {{ASSIGNED}} assigned tasks spread evenly over the last 3 years; the newest {{OPEN}} are on the boards,
-- the rest archived. Row g goes to task g mod {{TASKS}} (of area g mod 20) and to that area's operarios in turn,
-- so every active operario has open tasks on the board.
INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_asignacion, fecha_vencimiento,
                              archivada, calificacion, observaciones, fecha_archivado, fecha_completada,
                              asignado_por_uuid, updated_at, programacion_uuid, primer_cambio_estado)
SELECT t.uuid,
       au.users[1 + (g / 20) % cardinality(au.users)],
       e.uuid,
       ts,
       (ts AT TIME ZONE 'America/Argentina/Buenos_Aires')::date + (g % 5),
       NOT open,
       CASE WHEN NOT open AND g % 3 <> 0 THEN 1 + g % 5 END,
       CASE WHEN NOT open AND g % 10 = 0 THEN 'Observación ' || g END,
       CASE WHEN NOT open THEN ts + interval '3 days' END,
       CASE WHEN e.n = 3 THEN ts + make_interval(hours => 1 + g % 150) END,
       (SELECT uuid FROM b_users WHERE n = 0),
       ts,
       pv.programacion_uuid,
       CASE WHEN e.n > 1 THEN ts + interval '1 hour' END
FROM (
  SELECT g,
         now() - make_interval(secs => (({{ASSIGNED}} - g)::float8 / {{ASSIGNED}}) * 3 * 365 * 86400) AS ts,
         g >= {{ASSIGNED}} - {{OPEN}} AS open
  FROM generate_series(0, {{ASSIGNED}} - 1) g
) s
JOIN b_tasks t ON t.n = s.g % {{TASKS}}
JOIN b_area_users au ON au.area_n = t.area_n
JOIN (SELECT uuid, "order" AS n FROM estados) e
  ON e.n = CASE WHEN NOT s.open THEN CASE WHEN s.g % 7 = 0 THEN 2 ELSE 3 END ELSE 1 + s.g % 3 END
LEFT JOIN b_preventive pv ON pv.n = t.n;

-- History: the assignment of every task, plus a status change for those no longer pending (an hour after
-- the assignment, the moment each occurrence already holds as its first status change, so the trigger
-- that keeps that column is off for the bulk load).
ALTER TABLE historial_tareas_asignadas DISABLE TRIGGER historial_primer_cambio_estado;
INSERT INTO historial_tareas_asignadas (tarea_asignada_uuid, tipo, detalle, usuario_uuid, fecha)
SELECT ta.uuid, 'asignacion', 'Tarea asignada', ta.asignado_por_uuid, ta.fecha_asignacion FROM tareas_asignadas ta;
INSERT INTO historial_tareas_asignadas (tarea_asignada_uuid, tipo, detalle, usuario_uuid, fecha)
SELECT ta.uuid, 'estado', 'Estado cambiado a ' || e.nombre, ta.empleado_uuid, ta.fecha_asignacion + interval '1 hour'
FROM tareas_asignadas ta JOIN estados e ON e.uuid = ta.estado_uuid WHERE e."order" > 1;
ALTER TABLE historial_tareas_asignadas ENABLE TRIGGER historial_primer_cambio_estado;

-- {{COMMENTS}} comments on every fifth-ish assigned task, by its assignee.
INSERT INTO comentarios (tarea_asignada_uuid, usuario_uuid, texto, fecha_creacion, updated_at)
SELECT ta.uuid, ta.empleado_uuid, 'Comentario de seguimiento ' || ta.rn, ta.fecha_asignacion + interval '2 hours',
       ta.fecha_asignacion + interval '2 hours'
FROM (SELECT uuid, empleado_uuid, fecha_asignacion, row_number() OVER () AS rn FROM tareas_asignadas) ta
WHERE ta.rn % GREATEST(1, {{ASSIGNED}} / {{COMMENTS}}) = 0
LIMIT {{COMMENTS}};

-- Checklists on the boards: every open assigned task has 4 steps (the last needs a photo), 0 to 4 of them done.
INSERT INTO tarea_asignada_checklist (tarea_asignada_uuid, orden, texto, requiere_foto, hecho, hecho_por_uuid, hecho_en)
SELECT ta.uuid, k, 'Paso ' || k || ' de la lista', k = 4, done, CASE WHEN done THEN ta.empleado_uuid END,
       CASE WHEN done THEN ta.fecha_asignacion + make_interval(mins => 10 * k) END
FROM tareas_asignadas ta
CROSS JOIN generate_series(1, 4) k
CROSS JOIN LATERAL (SELECT k <= (abs(hashtext(ta.uuid::text)) % 5) AS done) d
WHERE NOT ta.archivada;

-- Time on task (issue 35): ten intervals per assigned task, by its assignee, none overlapping another
-- of the same person: each task's time window runs from its assignment to the person's next one (an
-- hour for the last), split in ten slots, each interval 80 % of its slot. Half the task definitions
-- carry an estimate. The hours summary's and the occurrences' time triggers are off for the bulk load:
-- both are built once after.
ALTER TABLE intervalos_tiempo DISABLE TRIGGER intervalos_tiempo_resumen_ins;
ALTER TABLE intervalos_tiempo DISABLE TRIGGER intervalos_tiempo_ocurrencia_ins;
INSERT INTO intervalos_tiempo (tarea_asignada_uuid, usuario_uuid, inicio, fin, origen, creado_en)
SELECT w.uuid, w.empleado_uuid, w.ini + w.slot * k, w.ini + w.slot * (k + 0.8), 'cronometro', w.ini
FROM (
  SELECT ta.uuid, ta.empleado_uuid, ta.fecha_asignacion AS ini,
         (COALESCE(lead(ta.fecha_asignacion) OVER (PARTITION BY ta.empleado_uuid ORDER BY ta.fecha_asignacion, ta.uuid),
                   ta.fecha_asignacion + interval '1 hour') - ta.fecha_asignacion) / 10 AS slot
  FROM tareas_asignadas ta
) w
CROSS JOIN generate_series(0, 9) k;
ALTER TABLE intervalos_tiempo ENABLE TRIGGER intervalos_tiempo_resumen_ins;
ALTER TABLE intervalos_tiempo ENABLE TRIGGER intervalos_tiempo_ocurrencia_ins;
-- Each occurrence's closed time and interval count (as migration 1763700019700 fills them); the
-- report summary's trigger is off, as no figure of it changes.
ALTER TABLE tareas_asignadas DISABLE TRIGGER tareas_asignadas_resumen_upd;
{{OCCURRENCE_TIME_BUILD}};
ALTER TABLE tareas_asignadas ENABLE TRIGGER tareas_asignadas_resumen_upd;
-- The hours summary of every closed interval (as migration 1763700019600 builds it), in the company zone.
TRUNCATE resumen_horas;
INSERT INTO resumen_horas (dia, tarea_asignada_uuid, usuario_uuid, tarea_uuid, tipo_tarea_uuid, equipo_uuid, area_uuid, segundos, intervalos)
SELECT c.dia, c.tarea_asignada_uuid, c.usuario_uuid, t.uuid, t.tipo_tarea_uuid, t.equipo_uuid, t.area_uuid, c.segundos, c.intervalos
FROM (
  SELECT (i.inicio AT TIME ZONE z.zona)::date AS dia, i.tarea_asignada_uuid, i.usuario_uuid,
    sum(extract(epoch FROM i.fin - i.inicio)) AS segundos, count(*)::int AS intervalos
  FROM intervalos_tiempo i CROSS JOIN resumen_ajustes z
  WHERE i.fin IS NOT NULL
  GROUP BY 1, 2, 3
) c
LEFT JOIN tareas_asignadas ta ON ta.uuid = c.tarea_asignada_uuid
LEFT JOIN tareas t ON t.uuid = ta.tarea_uuid
ORDER BY 1, 2, 3;
UPDATE tareas t SET minutos_estimados = 30 + (bt.n % 8) * 15 FROM b_tasks bt WHERE bt.uuid = t.uuid AND bt.n % 2 = 0;

DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT indexdef FROM b_indexes LOOP EXECUTE r.indexdef; END LOOP;
END $$;
ALTER TABLE intervalos_tiempo ADD CONSTRAINT intervalos_tiempo_sin_solapar EXCLUDE USING gist (
  usuario_uuid WITH =, tstzrange(inicio, coalesce(fin, 'infinity'), '[)') WITH &&);

-- Corrective work: each accepted report is linked to the first occurrence of its machine's task
-- assigned after it (machines with a task only). The planner needs the fresh counts first.
ANALYZE tareas, tareas_asignadas, solicitudes, intervalos_tiempo, resumen_horas;
UPDATE solicitudes s SET tarea_asignada_uuid = n.uuid
FROM (
  SELECT so.uuid AS solicitud_uuid, nx.uuid
  FROM solicitudes so
  JOIN tareas t ON t.equipo_uuid = so.equipo_uuid
  CROSS JOIN LATERAL (
    SELECT ta.uuid FROM tareas_asignadas ta
    WHERE ta.tarea_uuid = t.uuid AND ta.fecha_asignacion >= so.creado_en
    ORDER BY ta.fecha_asignacion LIMIT 1
  ) nx
) n
WHERE n.solicitud_uuid = s.uuid;

ANALYZE;
