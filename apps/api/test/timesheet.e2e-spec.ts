import { parse as parseCsv } from 'csv-parse/sync';
import * as XLSX from 'xlsx';
import { companyMidnight, MESSAGES, TimesheetResponseSchema, type TimesheetResponse } from '@gestar/contracts';
import { areaUuid, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

/**
 * A person's week, Monday 2 – Sunday 8 March 2020 (no demo data then), for «operario»:
 *   Mesa: Mon 08–10 (2 h), Tue 22:00 – Wed 01:30 (2 h Tue + 1.5 h Wed), Sat 07/03 09–10 (1 h)
 *   Silla: Sun 01/03 23:00 – Mon 02/03 01:00 (1 h inside, the rest before the week), Fri 06/03 10–10:30 (0.5 h)
 *   Outside: Mon 09/03 08–09.
 * → Mesa 6.5 h (2, 2, 1.5, 0, 0, 1, 0), Silla 1.5 h (1, 0, 0, 0, 0.5, 0, 0); 8 h in all.
 * One of them auto-paused and not confirmed.
 */
describe('timesheet (a person’s week)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = (u: string) => ({ Authorization: `Bearer ${tokens[u]}` });
  let operario: string;
  let chofer: string;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'supervisor', 'operario', 'mlopez']) tokens[u] = await tokenFor(t, u);
    const at = (date: string, h = 0) => new Date(companyMidnight(date, t.config.timezone).getTime() + h * 3_600_000);
    const carpinteria = await areaUuid(t, 'Carpintería');
    const admin = await userUuid(t, 'admin');
    operario = await userUuid(t, 'operario');
    chofer = await userUuid(t, 'jruiz');
    const q = async (text: string, params: unknown[]) => (await t.ds.query(text, params)) as { uuid: string }[];
    const [tipo] = await q(`SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1`, []);
    const [estado] = await q(`SELECT uuid FROM estados ORDER BY "order" LIMIT 1`, []);
    const occurrence = async (titulo: string) => {
      const [task] = await q(
        `INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid) VALUES ($1, $2, $3, $4) RETURNING uuid`,
        [titulo, tipo!.uuid, carpinteria, admin],
      );
      return (
        await q(
          `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_asignacion) VALUES ($1, $2, $3, $4) RETURNING uuid`,
          [task!.uuid, operario, estado!.uuid, at('2020-02-25')],
        )
      )[0]!.uuid;
    };
    const interval = (o: string, inicio: Date, fin: Date, paused = false) =>
      q(
        `INSERT INTO intervalos_tiempo (tarea_asignada_uuid, usuario_uuid, inicio, fin, origen, pausa_automatica, confirmado)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [o, operario, inicio, fin, paused ? 'pausa_automatica' : 'cronometro', paused ? 'fin_jornada' : null, !paused],
      );
    const mesa = await occurrence('Mesa de roble 1042');
    const silla = await occurrence('Silla de comedor');
    await interval(mesa, at('2020-03-02', 8), at('2020-03-02', 10));
    await interval(mesa, at('2020-03-03', 22), at('2020-03-04', 1.5));
    await interval(mesa, at('2020-03-07', 9), at('2020-03-07', 10), true);
    await interval(silla, at('2020-03-01', 23), at('2020-03-02', 1));
    await interval(silla, at('2020-03-06', 10), at('2020-03-06', 10.5));
    await interval(silla, at('2020-03-09', 8), at('2020-03-09', 9));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const get = async (user: string, query: Record<string, string>): Promise<TimesheetResponse> => {
    const res = await t.http.get('/api/timesheet').query(query).set(as(user));
    expect(res.status).toBe(200);
    return parseWith(TimesheetResponseSchema, res.body);
  };
  const H = 3600;

  it('splits each interval at company midnights, Monday to Sunday of the given day’s week', async () => {
    const w = await get('operario', { fecha: '2020-03-05' });
    expect([w.desde, w.hasta, w.dias[0], w.dias[6]]).toEqual(['2020-03-02', '2020-03-08', '2020-03-02', '2020-03-08']);
    expect(w.usuario.uuid).toBe(operario);
    expect(w.filas.map((f) => [f.titulo, f.segundos_por_dia.map((s) => s / H), f.segundos / H])).toEqual([
      ['Mesa de roble 1042', [2, 2, 1.5, 0, 0, 1, 0], 6.5],
      ['Silla de comedor', [1, 0, 0, 0, 0.5, 0, 0], 1.5],
    ]);
    expect(w.total_por_dia.map((s) => s / H)).toEqual([3, 2, 1.5, 0, 0.5, 1, 0]);
    expect(w.total_segundos).toBe(8 * H);
    expect(w.sin_confirmar).toBe(1);
  });

  it('someone else’s week: a supervisor of their areas yes; an operario or a foreign area no', async () => {
    const w = await get('supervisor', { fecha: '2020-03-02', usuario_uuid: operario });
    expect(w.total_segundos).toBe(8 * H);
    expectError(
      await t.http.get('/api/timesheet').query({ usuario_uuid: operario }).set(as('mlopez')),
      403,
      MESSAGES.errors.noAccessUser,
    );
    expectError(
      await t.http.get('/api/timesheet').query({ usuario_uuid: chofer }).set(as('supervisor')),
      403,
      MESSAGES.errors.noAccessUser,
    );
    expectError(
      await t.http.get('/api/timesheet/csv').query({ usuario_uuid: chofer }).set(as('supervisor')),
      403,
      MESSAGES.errors.noAccessUser,
    );
    expectError(
      await t.http.get('/api/timesheet').query({ usuario_uuid: '00000000-0000-4000-8000-000000000000' }).set(as('admin')),
      404,
      MESSAGES.errors.userGone,
    );
    expectError(await t.http.get('/api/timesheet').query({ fecha: 'ayer' }).set(as('operario')), 400);
    expectError(await t.http.get('/api/timesheet/pdf').set(as('operario')), 400, MESSAGES.validation.invalidFormat);
    expectError(await t.http.get('/api/timesheet'), 401);
  });

  const download = (format: string) =>
    t.http
      .get(`/api/timesheet/${format}`)
      .query({ fecha: '2020-03-08' })
      .set(as('operario'))
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });

  it('exports the week as CSV and XLSX with the hours per day', async () => {
    const csv = await download('csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toContain('Semana-2020-03-02-operario.csv');
    const records: string[][] = parseCsv((csv.body as Buffer).toString('utf8'), { bom: true, delimiter: ';' });
    expect(records[0]).toEqual([
      'Tarea',
      'Área',
      'Lunes 02/03/2020',
      'Martes 03/03/2020',
      'Miércoles 04/03/2020',
      'Jueves 05/03/2020',
      'Viernes 06/03/2020',
      'Sábado 07/03/2020',
      'Domingo 08/03/2020',
      'Total',
    ]);
    expect(records[1]).toEqual(['Mesa de roble 1042', 'Carpintería', '2', '2', '1,5', '0', '0', '1', '0', '6,5']);
    expect(records[3]).toEqual(['Total', '', '3', '2', '1,5', '0', '0,5', '1', '0', '8']);

    const xlsx = await download('xlsx');
    expect(xlsx.status).toBe(200);
    const book = XLSX.read(xlsx.body as Buffer, { type: 'buffer' });
    const aoa = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets.Semana!, { header: 1, defval: '' });
    expect(aoa[0]![0]).toBe('Horas de Oscar Pérez');
    expect(aoa.find((r) => r[0] === 'Silla de comedor')).toEqual(['Silla de comedor', 'Carpintería', 1, 0, 0, 0, 0.5, 0, 0, 1.5]);
    expect(aoa.find((r) => r[0] === 'Total')!.at(-1)).toBe(8);
  });
});
