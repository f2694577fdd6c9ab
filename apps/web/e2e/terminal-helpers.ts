/**
 * Test data for the shared terminals (issue 34): an area of its own per test (so its tiles and its
 * wall board hold only that test's people and tasks), operarios in it with their PINs, tasks
 * assigned to them, and a terminal registered through the API.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import pg from 'pg';
import { apiToken, companyToday } from './fixtures';

/** Where the web keeps a terminal's credential (src/lib/terminal-device.ts). */
const TERMINAL_STORAGE_KEY = 'gestar.terminal';

async function json<T>(
  response: { ok(): boolean; status(): number; json(): Promise<unknown>; text(): Promise<string> },
  what: string,
): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface Person {
  uuid: string;
  username: string;
  nombre: string;
  apellido: string;
  pin: string;
  password: string;
}

export interface TerminalArea {
  uuid: string;
  nombre: string;
}

const suffix = () => Math.random().toString(36).slice(2, 8);

export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
}

export async function newArea(request: APIRequestContext): Promise<TerminalArea> {
  const nombre = `Taller ${suffix()}`;
  const created = await json<{ uuid: string }>(
    await request.post('/api/areas', { headers: await adminHeaders(request), data: { nombre } }),
    'crear área',
  );
  return { uuid: created.uuid, nombre };
}

/** An operario of `area` with a PIN set by themselves in their profile (through the API). */
export async function newPerson(
  request: APIRequestContext,
  area: TerminalArea,
  nombre: string,
  pin: string,
): Promise<Person> {
  const headers = await adminHeaders(request);
  const roles = await json<{ data: { uuid: string; nombre: string }[] }>(
    await request.get('/api/roles?limit=100', { headers }),
    'roles',
  );
  const role = roles.data.find((r) => r.nombre === 'Operario');
  if (!role) throw new Error('Falta el rol Operario');
  const username = `t_${suffix()}${suffix()}`;
  const password = 'claveInicial1';
  const apellido = `Prueba${suffix()}`;
  const created = await json<{ uuid: string }>(
    await request.post('/api/users', {
      headers,
      data: { username, password, nombre, apellido, rol_uuid: role.uuid, usuario_areas_uuid: [area.uuid] },
    }),
    'crear usuario',
  );
  if (pin) {
    const own = { Authorization: `Bearer ${await apiToken(request, username, password)}` };
    await json(
      await request.put('/api/terminals/pin', { headers: own, data: { pin, contrasena_actual: password } }),
      'fijar PIN',
    );
  }
  return { uuid: created.uuid, username, nombre, apellido, pin, password };
}

/** A task of `area` assigned to `person`, due today; answers its assigned task's uuid. */
export async function assignTask(
  request: APIRequestContext,
  area: TerminalArea,
  person: Person,
  titulo: string,
): Promise<string> {
  const headers = await adminHeaders(request);
  const types = await json<{ data: { uuid: string }[] }>(
    await request.get('/api/type-task?limit=100', { headers }),
    'tipos',
  );
  await json(
    await request.post('/api/tasks', {
      headers,
      data: {
        titulo,
        descripcion: JSON.stringify([{ type: 'paragraph', children: [{ text: 'Tarea de la terminal.' }] }]),
        tipo_tarea_uuid: types.data[0]!.uuid,
        area_uuid: area.uuid,
        usuarios_asignados: [person.uuid],
        fecha_vencimiento: companyToday(),
      },
    }),
    'crear tarea',
  );
  const board = await json<{ uuid: string; tarea: { titulo: string } }[]>(
    await request.get(`/api/assigned-tasks/${person.uuid}`, { headers }),
    'tablero',
  );
  const found = board.find((t) => t.tarea.titulo === titulo);
  if (!found) throw new Error(`No está en el tablero: ${titulo}`);
  return found.uuid;
}

export async function statusUuid(request: APIRequestContext, nombre: string): Promise<string> {
  const statuses = await json<{ data: { uuid: string; nombre: string }[] }>(
    await request.get('/api/statuses?limit=100', { headers: await adminHeaders(request) }),
    'estados',
  );
  const found = statuses.data.find((s) => s.nombre === nombre);
  if (!found) throw new Error(`Falta el estado ${nombre}`);
  return found.uuid;
}

export interface RegisteredTerminal {
  uuid: string;
  nombre: string;
  area: TerminalArea;
  minutos_inactividad: number;
  token: string;
}

/** A terminal of `area` registered by the administrator through the API. */
export async function registerTerminal(
  request: APIRequestContext,
  area: TerminalArea,
  minutos = 2,
): Promise<RegisteredTerminal> {
  return json<RegisteredTerminal>(
    await request.post('/api/terminals', {
      headers: await adminHeaders(request),
      data: { nombre: `Tableta ${suffix()}`, area_uuid: area.uuid, minutos_inactividad: minutos },
    }),
    'registrar terminal',
  );
}

export async function revokeTerminal(request: APIRequestContext, uuid: string): Promise<void> {
  await json(
    await request.post(`/api/terminals/${uuid}/revoke`, { headers: await adminHeaders(request) }),
    'revocar terminal',
  );
}

/** Makes the page's device that terminal, as the registration screen leaves it. */
export async function becomeTerminal(page: Page, terminal: RegisteredTerminal): Promise<void> {
  await page.addInitScript(
    ([key, device]) => {
      if (!sessionStorage.getItem('e2e.terminal')) {
        localStorage.setItem(key, device);
        sessionStorage.setItem('e2e.terminal', '1');
      }
    },
    [
      TERMINAL_STORAGE_KEY,
      JSON.stringify({
        uuid: terminal.uuid,
        nombre: terminal.nombre,
        area: terminal.area,
        minutos_inactividad: terminal.minutos_inactividad,
        credencial: terminal.token,
      }),
    ] as const,
  );
}

/** Taps a person's tile and types their PIN on the pad. */
export async function tapIn(page: Page, person: Person): Promise<void> {
  await page.getByRole('button', { name: `${person.nombre} ${person.apellido}`, exact: true }).click();
  for (const digit of person.pin) await page.getByRole('button', { name: digit, exact: true }).click();
  if (person.pin.length < 6) await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await page.getByRole('button', { name: 'Terminar' }).waitFor();
}

export async function withDb<T>(fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

/** The visible controls smaller than a finger (48 px either way), named for the failure message. */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'button, select, textarea, a[href], input:not([type="hidden"]), [role="button"], [role="tab"], [role="checkbox"], [role="combobox"], [role="switch"]';
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || el.closest('[aria-hidden="true"]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.opacity === '0') continue;
      if (box.height < 48 || box.width < 48) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
        found.push(`${el.tagName.toLowerCase()} «${name}» ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return found;
  });
}
