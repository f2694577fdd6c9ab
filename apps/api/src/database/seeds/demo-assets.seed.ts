import { sql } from '../sql';
import type { SeedRun } from './seed';

interface DemoAssetIds {
  areas: { carpinteria: string; tapiceria: string; logistica: string };
  supervisor: string;
  /** Tasks of the demo that are done on a machine (by code). */
  tasks: Record<string, string>;
}

/** The workshop's machines: code, name, area, maker, model, serial number. */
const MACHINES: [string, string, 'carpinteria' | 'tapiceria' | 'logistica', string, string, string][] = [
  ['SIE-01', 'Sierra circular', 'carpinteria', 'Altendorf', 'F45', 'AL-45-20931'],
  ['ESC-01', 'Escuadradora', 'carpinteria', 'SCM', 'Minimax SI 300', 'SCM-SI3-7712'],
  ['TUP-01', 'Tupí', 'carpinteria', 'SCM', 'T 130', 'SCM-T130-5521'],
  ['LIJ-01', 'Lijadora de banda', 'carpinteria', 'Casadei', 'LCS 65', 'CAS-65-1180'],
  ['CAN-01', 'Canteadora', 'carpinteria', 'Brandt', 'KDF 660', 'BR-660-30417'],
  ['CNC-01', 'Router CNC', 'carpinteria', 'Biesse', 'Rover A 1332', 'BI-RA-90112'],
  ['CAB-01', 'Cabina de pintura', 'carpinteria', 'Colortech', 'CP 4000', 'CT-4000-218'],
  ['PRE-01', 'Prensa de enchapado', 'carpinteria', 'Orma', 'NPC 6/90', 'OR-NPC-4409'],
  ['COS-01', 'Máquina de coser industrial', 'tapiceria', 'Juki', 'DDL-8700', 'JK-8700-66120'],
  ['AUT-01', 'Autoelevador', 'logistica', 'Toyota', '8FBE15', 'TY-8FBE-30551'],
];

/**
 * The demo's machines (issue 33): a furniture workshop's saws, edge bander, CNC, spray booth and
 * press, in the seeded areas, each with its state timeline of the last months; the edge bander
 * stopped since two days ago. The saw's sharpening and the sander's monthly lubrication (a
 * schedule: preventive maintenance) are tasks on their machines.
 */
export async function seedDemoAssets(run: SeedRun, ids: DemoAssetIds): Promise<void> {
  const since = sql`now() - interval '120 days'`;
  for (const [codigo, nombre, area, fabricante, modelo, serie] of MACHINES) {
    await run(sql`
      WITH e AS (
        INSERT INTO equipos (codigo, nombre, area_uuid, fabricante, modelo, numero_serie, estado_desde, creado_por_uuid)
        VALUES (${codigo}, ${nombre}, ${ids.areas[area]}, ${fabricante}, ${modelo}, ${serie}, ${since}, ${ids.supervisor})
        RETURNING uuid, estado, estado_desde)
      INSERT INTO equipo_estados (equipo_uuid, estado, desde, cambiado_por_uuid) SELECT uuid, estado, estado_desde, ${ids.supervisor}::uuid FROM e`);
  }
  // The edge bander: a half-day of maintenance three weeks ago, stopped since two days ago.
  const steps: [string, string, string][] = [
    ['mantenimiento', '21 days', 'Cambio de la fresa de retestado'],
    ['operativo', '20 days 20 hours', 'Mantenimiento terminado'],
    ['detenido', '2 days', 'Atasco del alimentador de canto'],
  ];
  for (const [estado, ago, motivo] of steps) {
    await run(sql`
      WITH eq AS (SELECT uuid FROM equipos WHERE codigo = 'CAN-01'),
           cerrar AS (UPDATE equipo_estados SET hasta = now() - ${ago}::interval
                       WHERE equipo_uuid = (SELECT uuid FROM eq) AND hasta IS NULL RETURNING 1)
      UPDATE equipos SET estado = ${estado}, estado_desde = now() - ${ago}::interval
       WHERE uuid = (SELECT uuid FROM eq) AND (SELECT count(*) FROM cerrar) = 1`);
    await run(sql`
      INSERT INTO equipo_estados (equipo_uuid, estado, desde, motivo, cambiado_por_uuid)
      SELECT uuid, ${estado}, now() - ${ago}::interval, ${motivo}, ${ids.supervisor} FROM equipos WHERE codigo = 'CAN-01'`);
  }
  for (const [codigo, tarea] of Object.entries(ids.tasks)) {
    await run(sql`UPDATE tareas SET equipo_uuid = (SELECT uuid FROM equipos WHERE codigo = ${codigo}) WHERE uuid = ${tarea}`);
  }
}
