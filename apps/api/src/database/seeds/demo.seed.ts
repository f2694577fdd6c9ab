import { EntityManager } from 'typeorm';
import { addDaysToCalendarDate, ROLE_NAMES, todayIn } from '@gestar/contracts';
import { hashPassword } from '../../modules/auth/password';

export const DEMO_PASSWORD = 'demo1234';

async function insert(em: EntityManager, sql: string, params: unknown[]): Promise<string> {
  const [row]: { uuid: string }[] = await em.query(`${sql} RETURNING uuid`, params);
  return row.uuid;
}

const rich = (...paragraphs: string[]) =>
  JSON.stringify(paragraphs.map((text) => ({ type: 'paragraph', children: [{ text }] })));

/** A small furniture company: 3 areas, 3 statuses, types, positions, users, tasks, occurrences and schedules. */
export async function seedDemo(em: EntityManager, timeZone: string): Promise<void> {
  const today = todayIn(timeZone);
  const roles: { uuid: string; nombre: string }[] = await em.query('SELECT uuid, nombre FROM roles');
  const role = (n: string) => roles.find((r) => r.nombre === n)!.uuid;

  const carpinteria = await insert(em, 'INSERT INTO areas (nombre) VALUES ($1)', ['Carpintería']);
  const tapiceria = await insert(em, 'INSERT INTO areas (nombre) VALUES ($1)', ['Tapicería']);
  const logistica = await insert(em, 'INSERT INTO areas (nombre) VALUES ($1)', ['Logística']);

  const pendiente = await insert(em, 'INSERT INTO estados (nombre, descripcion, "order", color) VALUES ($1,$2,$3,$4)', [
    'Pendiente',
    'Tareas que todavía no se empezaron',
    1,
    '#FAB005',
  ]);
  const progreso = await insert(em, 'INSERT INTO estados (nombre, descripcion, "order", color) VALUES ($1,$2,$3,$4)', [
    'En progreso',
    'Tareas en las que se está trabajando',
    2,
    '#228BE6',
  ]);
  const completada = await insert(em, 'INSERT INTO estados (nombre, descripcion, "order", color) VALUES ($1,$2,$3,$4)', [
    'Completada',
    'Tareas terminadas, listas para revisar',
    3,
    '#40C057',
  ]);

  const tMantenimiento = await insert(em, 'INSERT INTO tipos_tarea (nombre, descripcion) VALUES ($1,$2)', ['Mantenimiento', 'Cuidado de máquinas y herramientas']);
  const tProduccion = await insert(em, 'INSERT INTO tipos_tarea (nombre, descripcion) VALUES ($1,$2)', ['Producción', 'Fabricación de muebles y piezas']);
  const tLimpieza = await insert(em, 'INSERT INTO tipos_tarea (nombre, descripcion) VALUES ($1,$2)', ['Limpieza', 'Orden y limpieza de los puestos de trabajo']);

  const pJefe = await insert(em, 'INSERT INTO descripciones_puesto (nombre, descripcion) VALUES ($1,$2)', ['Jefe de planta', 'Coordina la producción de todas las áreas y define prioridades.']);
  const pEncargado = await insert(em, 'INSERT INTO descripciones_puesto (nombre, descripcion) VALUES ($1,$2)', ['Encargado de taller', 'Organiza el trabajo diario de carpintería y tapicería y controla la calidad.']);
  const pCarpintero = await insert(em, 'INSERT INTO descripciones_puesto (nombre, descripcion) VALUES ($1,$2)', ['Carpintero', 'Corta, arma y lija piezas de madera según los planos.']);
  const pTapicero = await insert(em, 'INSERT INTO descripciones_puesto (nombre, descripcion) VALUES ($1,$2)', ['Tapicero', 'Tapiza sillas, sillones y respaldos.']);
  const pChofer = await insert(em, 'INSERT INTO descripciones_puesto (nombre, descripcion) VALUES ($1,$2)', ['Chofer', 'Entrega los pedidos a los clientes.']);

  const hash = await hashPassword(DEMO_PASSWORD);
  const user = async (username: string, nombre: string, apellido: string, rol: string, puesto: string, areas: string[]) => {
    const uuid = await insert(
      em,
      'INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid, descripcion_puesto_uuid) VALUES ($1,$2,$3,$4,$5,$6)',
      [username, hash, nombre, apellido, role(rol), puesto],
    );
    for (const a of areas) await em.query('INSERT INTO usuario_areas (usuario_uuid, area_uuid) VALUES ($1,$2)', [uuid, a]);
    return uuid;
  };
  const admin = await user('admin', 'Ana', 'Martínez', ROLE_NAMES.admin, pJefe, [carpinteria, tapiceria, logistica]);
  const supervisor = await user('supervisor', 'Sergio', 'Gómez', ROLE_NAMES.supervisor, pEncargado, [carpinteria, tapiceria]);
  const operario = await user('operario', 'Oscar', 'Pérez', ROLE_NAMES.operario, pCarpintero, [carpinteria]);
  const tapicera = await user('mlopez', 'María', 'López', ROLE_NAMES.operario, pTapicero, [tapiceria]);
  const chofer = await user('jruiz', 'Julián', 'Ruiz', ROLE_NAMES.operario, pChofer, [logistica]);

  const task = async (titulo: string, descripcion: string, tipo: string, area: string, creador: string, assignees: string[]) => {
    const uuid = await insert(
      em,
      'INSERT INTO tareas (titulo, descripcion, tipo_tarea_uuid, area_uuid, creado_por_uuid) VALUES ($1,$2,$3,$4,$5)',
      [titulo, descripcion, tipo, area, creador],
    );
    for (const u of assignees) await em.query('INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid) VALUES ($1,$2)', [uuid, u]);
    return uuid;
  };
  const occurrence = async (tarea: string, empleado: string, estado: string, dueInDays: number, by: string) => {
    const uuid = await insert(
      em,
      `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento, asignado_por_uuid) VALUES ($1,$2,$3,$4,$5)`,
      [tarea, empleado, estado, addDaysToCalendarDate(today, dueInDays), by],
    );
    await em.query(`INSERT INTO historial_tareas_asignadas (tarea_asignada_uuid, tipo, detalle, usuario_uuid) VALUES ($1, 'asignacion', $2, $3)`, [
      uuid,
      'Tarea asignada',
      by,
    ]);
    return uuid;
  };

  const mesa = await task(
    'Armar mesa de roble para pedido 1042',
    rich('Cortar las piezas según el plano 1042, armar la estructura y lijar con grano 120 antes de entregar a terminaciones.'),
    tProduccion,
    carpinteria,
    supervisor,
    [operario],
  );
  const sierra = await task('Afilar la sierra circular', rich('Revisar el estado de los dientes y afilar; registrar el cambio en la planilla.'), tMantenimiento, carpinteria, supervisor, [operario]);
  const sillas = await task('Tapizar 6 sillas modelo Nórdico', rich('Usar la tela gris claro del depósito 2.'), tProduccion, tapiceria, supervisor, [tapicera]);
  const entrega = await task('Entregar pedido 1038 en Palermo', 'Coordinar horario con el cliente antes de salir.', tProduccion, logistica, admin, [chofer]);
  const limpieza = await task('Limpieza del puesto de trabajo', rich('Barrer virutas, ordenar herramientas y vaciar el tacho de residuos.'), tLimpieza, carpinteria, supervisor, [operario]);
  const lubricar = await task('Lubricar la lijadora de banda', rich('Aplicar lubricante en rodamientos y revisar la tensión de la banda.'), tMantenimiento, carpinteria, supervisor, [operario]);

  await occurrence(mesa, operario, progreso, 2, supervisor);
  await occurrence(sierra, operario, pendiente, 0, supervisor);
  await occurrence(sillas, tapicera, pendiente, 1, supervisor);
  await occurrence(entrega, chofer, progreso, -1, admin);
  const done = await occurrence(limpieza, operario, completada, -2, supervisor);
  await em.query(`UPDATE tareas_asignadas SET fecha_completada = now() WHERE uuid = $1`, [done]);
  const archived = await occurrence(limpieza, operario, completada, -9, supervisor);
  await em.query(
    `UPDATE tareas_asignadas SET archivada = true, calificacion = 4, observaciones = 'Buen trabajo', fecha_archivado = now(), fecha_completada = now(),
            fecha_asignacion = now() - interval '10 days' WHERE uuid = $1`,
    [archived],
  );
  await em.query(`INSERT INTO comentarios (tarea_asignada_uuid, usuario_uuid, texto) SELECT uuid, $2, 'Empiezo después del almuerzo.' FROM tareas_asignadas WHERE tarea_uuid = $1 AND NOT archivada`, [mesa, operario]);
  await em.query(`INSERT INTO sugerencias (tarea_uuid, creado_por_uuid, descripcion) VALUES ($1, $2, 'Usar plantillas de corte para ahorrar tiempo')`, [mesa, operario]);

  // Recurring work: weekly cleaning (next occurrence tomorrow), monthly lubrication.
  await em.query(
    `INSERT INTO programaciones_tareas (tarea_uuid, intervalo_repeticion, proxima_ejecucion, dias_vencimiento, activo) VALUES ($1, 7, $2, 0, true), ($3, 30, $4, 2, true)`,
    [limpieza, addDaysToCalendarDate(today, 1), lubricar, addDaysToCalendarDate(today, 5)],
  );
}
