import { addDaysToCalendarDate, ROLE_NAMES, todayIn } from '@gestar/contracts';
import { hashPassword } from '../../common/auth/password';
import { Sql, sql } from '../sql';
import type { SeedRun } from './seed';
import { seedDemoAssets } from './demo-assets.seed';

export const DEMO_PASSWORD = 'demo1234';

async function insert(run: SeedRun, statement: Sql): Promise<string> {
  const [row] = await run<{ uuid: string }>(sql`${statement} RETURNING uuid`);
  return row.uuid;
}

const rich = (...paragraphs: string[]) =>
  JSON.stringify(paragraphs.map((text) => ({ type: 'paragraph', children: [{ text }] })));

/** A small furniture company: 3 areas, 3 statuses, types, positions, users, tasks, occurrences and schedules. */
export async function seedDemo(run: SeedRun, timeZone: string): Promise<void> {
  const today = todayIn(timeZone);
  const roles = await run<{ uuid: string; nombre: string }>(sql`SELECT uuid, nombre FROM roles`);
  const role = (n: string) => roles.find((r) => r.nombre === n)!.uuid;

  const carpinteria = await insert(run, sql`INSERT INTO areas (nombre) VALUES (${'Carpintería'})`);
  const tapiceria = await insert(run, sql`INSERT INTO areas (nombre) VALUES (${'Tapicería'})`);
  const logistica = await insert(run, sql`INSERT INTO areas (nombre) VALUES (${'Logística'})`);

  const pendiente = await insert(
    run,
    sql`INSERT INTO estados (nombre, descripcion, "order", color, categoria) VALUES (${'Pendiente'},${'Tareas que todavía no se empezaron'},${1},${'#FAB005'},${'pendiente'})`,
  );
  const progreso = await insert(
    run,
    sql`INSERT INTO estados (nombre, descripcion, "order", color, categoria) VALUES (${'En progreso'},${'Tareas en las que se está trabajando'},${2},${'#228BE6'},${'en_curso'})`,
  );
  const completada = await insert(
    run,
    sql`INSERT INTO estados (nombre, descripcion, "order", color, categoria) VALUES (${'Completada'},${'Tareas terminadas, listas para revisar'},${3},${'#40C057'},${'terminada'})`,
  );

  const tMantenimiento = await insert(
    run,
    sql`INSERT INTO tipos_tarea (nombre, descripcion) VALUES (${'Mantenimiento'},${'Cuidado de máquinas y herramientas'})`,
  );
  const tProduccion = await insert(
    run,
    sql`INSERT INTO tipos_tarea (nombre, descripcion) VALUES (${'Producción'},${'Fabricación de muebles y piezas'})`,
  );
  const tLimpieza = await insert(
    run,
    sql`INSERT INTO tipos_tarea (nombre, descripcion) VALUES (${'Limpieza'},${'Orden y limpieza de los puestos de trabajo'})`,
  );

  const pJefe = await insert(
    run,
    sql`INSERT INTO descripciones_puesto (nombre, descripcion) VALUES (${'Jefe de planta'},${'Coordina la producción de todas las áreas y define prioridades.'})`,
  );
  const pEncargado = await insert(
    run,
    sql`INSERT INTO descripciones_puesto (nombre, descripcion) VALUES (${'Encargado de taller'},${'Organiza el trabajo diario de carpintería y tapicería y controla la calidad.'})`,
  );
  const pCarpintero = await insert(
    run,
    sql`INSERT INTO descripciones_puesto (nombre, descripcion) VALUES (${'Carpintero'},${'Corta, arma y lija piezas de madera según los planos.'})`,
  );
  const pTapicero = await insert(
    run,
    sql`INSERT INTO descripciones_puesto (nombre, descripcion) VALUES (${'Tapicero'},${'Tapiza sillas, sillones y respaldos.'})`,
  );
  const pChofer = await insert(
    run,
    sql`INSERT INTO descripciones_puesto (nombre, descripcion) VALUES (${'Chofer'},${'Entrega los pedidos a los clientes.'})`,
  );

  const hash = await hashPassword(DEMO_PASSWORD);
  const user = async (
    username: string,
    nombre: string,
    apellido: string,
    rol: string,
    puesto: string,
    areas: string[],
  ) => {
    const uuid = await insert(
      run,
      sql`INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid, descripcion_puesto_uuid) VALUES (${username},${hash},${nombre},${apellido},${role(rol)},${puesto})`,
    );
    for (const a of areas) await run(sql`INSERT INTO usuario_areas (usuario_uuid, area_uuid) VALUES (${uuid},${a})`);
    return uuid;
  };
  const admin = await user('admin', 'Ana', 'Martínez', ROLE_NAMES.admin, pJefe, [carpinteria, tapiceria, logistica]);
  const supervisor = await user('supervisor', 'Sergio', 'Gómez', ROLE_NAMES.supervisor, pEncargado, [
    carpinteria,
    tapiceria,
  ]);
  const operario = await user('operario', 'Oscar', 'Pérez', ROLE_NAMES.operario, pCarpintero, [carpinteria]);
  const tapicera = await user('mlopez', 'María', 'López', ROLE_NAMES.operario, pTapicero, [tapiceria]);
  const chofer = await user('jruiz', 'Julián', 'Ruiz', ROLE_NAMES.operario, pChofer, [logistica]);

  const task = async (
    titulo: string,
    descripcion: string,
    tipo: string,
    area: string,
    creador: string,
    assignees: string[],
  ) => {
    const uuid = await insert(
      run,
      sql`INSERT INTO tareas (titulo, descripcion, tipo_tarea_uuid, area_uuid, creado_por_uuid) VALUES (${titulo},${descripcion},${tipo},${area},${creador})`,
    );
    for (const u of assignees)
      await run(sql`INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid) VALUES (${uuid},${u})`);
    return uuid;
  };
  const occurrence = async (tarea: string, empleado: string, estado: string, dueInDays: number, by: string) => {
    const uuid = await insert(
      run,
      sql`INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento, asignado_por_uuid) VALUES (${tarea},${empleado},${estado},${addDaysToCalendarDate(today, dueInDays)},${by})`,
    );
    await run(
      sql`INSERT INTO historial_tareas_asignadas (tarea_asignada_uuid, tipo, detalle, usuario_uuid) VALUES (${uuid}, 'asignacion', ${'Tarea asignada'}, ${by})`,
    );
    return uuid;
  };

  const mesa = await task(
    'Armar mesa de roble para pedido 1042',
    rich(
      'Cortar las piezas según el plano 1042, armar la estructura y lijar con grano 120 antes de entregar a terminaciones.',
    ),
    tProduccion,
    carpinteria,
    supervisor,
    [operario],
  );
  const sierra = await task(
    'Afilar la sierra circular',
    rich('Revisar el estado de los dientes y afilar; registrar el cambio en la planilla.'),
    tMantenimiento,
    carpinteria,
    supervisor,
    [operario],
  );
  const sillas = await task(
    'Tapizar 6 sillas modelo Nórdico',
    rich('Usar la tela gris claro del depósito 2.'),
    tProduccion,
    tapiceria,
    supervisor,
    [tapicera],
  );
  const entrega = await task(
    'Entregar pedido 1038 en Palermo',
    'Coordinar horario con el cliente antes de salir.',
    tProduccion,
    logistica,
    admin,
    [chofer],
  );
  const limpieza = await task(
    'Limpieza del puesto de trabajo',
    rich('Barrer virutas, ordenar herramientas y vaciar el tacho de residuos.'),
    tLimpieza,
    carpinteria,
    supervisor,
    [operario],
  );
  const lubricar = await task(
    'Lubricar la lijadora de banda',
    rich('Aplicar lubricante en rodamientos y revisar la tensión de la banda.'),
    tMantenimiento,
    carpinteria,
    supervisor,
    [operario],
  );

  await occurrence(mesa, operario, progreso, 2, supervisor);
  await occurrence(sierra, operario, pendiente, 0, supervisor);
  await occurrence(sillas, tapicera, pendiente, 1, supervisor);
  await occurrence(entrega, chofer, progreso, -1, admin);
  const done = await occurrence(limpieza, operario, completada, -2, supervisor);
  await run(sql`UPDATE tareas_asignadas SET fecha_completada = now() WHERE uuid = ${done}`);
  const archived = await occurrence(limpieza, operario, completada, -9, supervisor);
  await run(sql`UPDATE tareas_asignadas SET archivada = true, calificacion = 4, observaciones = 'Buen trabajo', fecha_archivado = now(), fecha_completada = now(),
            fecha_asignacion = now() - interval '10 days' WHERE uuid = ${archived}`);
  await run(
    sql`INSERT INTO comentarios (tarea_asignada_uuid, usuario_uuid, texto) SELECT uuid, ${operario}, 'Empiezo después del almuerzo.' FROM tareas_asignadas WHERE tarea_uuid = ${mesa} AND NOT archivada`,
  );
  await run(
    sql`INSERT INTO sugerencias (tarea_uuid, creado_por_uuid, descripcion) VALUES (${mesa}, ${operario}, 'Usar plantillas de corte para ahorrar tiempo')`,
  );

  // Recurring work: weekly cleaning (next occurrence tomorrow), monthly lubrication.
  await run(
    sql`INSERT INTO programaciones_tareas (tarea_uuid, intervalo_repeticion, proxima_ejecucion, dias_vencimiento, activo) VALUES (${limpieza}, 7, ${addDaysToCalendarDate(today, 1)}, 0, true), (${lubricar}, 30, ${addDaysToCalendarDate(today, 5)}, 2, true)`,
  );

  await seedDemoAssets(run, {
    areas: { carpinteria, tapiceria, logistica },
    supervisor,
    tasks: { 'SIE-01': sierra, 'LIJ-01': lubricar },
  });
}
