/** Test data for the machine specs: each test makes its own machines (codes of its own), through the API. */
import type { APIRequestContext } from '@playwright/test';
import { apiToken, companyToday } from './fixtures';

export interface SeededAsset {
  uuid: string;
  codigo: string;
  nombre: string;
}

async function json<T>(
  response: { ok(): boolean; status(): number; json(): Promise<unknown>; text(): Promise<string> },
  what: string,
): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A code no other test uses: `PREFIX-xxxxxx`, upper case as stored. */
export function uniqueCode(prefix = 'E2E'): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
}

export async function authHeaders(request: APIRequestContext, user = 'supervisor'): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${await apiToken(request, user)}`, 'Idempotency-Key': crypto.randomUUID() };
}

/** The uuid of a seeded area by name. */
export async function areaUuid(request: APIRequestContext, nombre = 'Carpintería'): Promise<string> {
  const headers = await authHeaders(request, 'admin');
  const areas = await json<{ data: { uuid: string; nombre: string }[] }>(
    await request.get('/api/areas?limit=100', { headers }),
    'áreas',
  );
  const area = areas.data.find((a) => a.nombre === nombre);
  if (!area) throw new Error(`Falta el área ${nombre}`);
  return area.uuid;
}

/** A new machine of Carpintería (or `area`), created by the supervisor through the API. */
export async function seedAsset(
  request: APIRequestContext,
  options: { codigo?: string; nombre?: string; area?: string; fabricante?: string; modelo?: string } = {},
): Promise<SeededAsset> {
  const codigo = options.codigo ?? uniqueCode();
  const nombre = options.nombre ?? `Sierra de prueba ${codigo}`;
  const created = await json<{ uuid: string; codigo: string; nombre: string }>(
    await request.post('/api/assets', {
      headers: await authHeaders(request),
      data: {
        codigo,
        nombre,
        area_uuid: options.area ?? (await areaUuid(request)),
        fabricante: options.fabricante ?? 'Altendorf',
        modelo: options.modelo ?? 'F45',
      },
    }),
    'crear equipo',
  );
  return { uuid: created.uuid, codigo: created.codigo, nombre: created.nombre };
}

/** Changes a machine's state through the API (as the supervisor). */
export async function setAssetState(
  request: APIRequestContext,
  codigo: string,
  estado: string,
  motivo: string,
): Promise<void> {
  await json(
    await request.put(`/api/assets/${codigo}/state`, { headers: await authHeaders(request), data: { estado, motivo } }),
    'cambiar estado',
  );
}

/** How many machines the API finds for `q` (read as admin). */
export async function countAssets(request: APIRequestContext, q: string): Promise<number> {
  const headers = await authHeaders(request, 'admin');
  const page = await json<{ meta: { totalItems: number } }>(
    await request.get(`/api/assets?q=${encodeURIComponent(q)}&limit=100`, { headers }),
    'equipos',
  );
  return page.meta.totalItems;
}

/** A new task in Carpintería on `asset`, assigned to the operario, created by the admin through the API. */
export async function seedTaskOn(
  request: APIRequestContext,
  asset: SeededAsset | null,
  titulo: string,
): Promise<string> {
  const headers = await authHeaders(request, 'admin');
  const types = await json<{ data: { uuid: string }[] }>(
    await request.get('/api/type-task?limit=100', { headers }),
    'tipos',
  );
  const users = await json<{ data: { uuid: string; username: string }[] }>(
    await request.get('/api/users?limit=100&username=operario', { headers }),
    'usuarios',
  );
  const operario = users.data.find((u) => u.username === 'operario');
  if (!operario || !types.data[0]) throw new Error('Faltan datos sembrados');
  const created = await json<{ uuid: string }>(
    await request.post('/api/tasks', {
      headers,
      data: {
        titulo,
        descripcion: JSON.stringify([{ type: 'paragraph', children: [{ text: 'Tarea de la prueba de equipos.' }] }]),
        tipo_tarea_uuid: types.data[0].uuid,
        area_uuid: await areaUuid(request),
        usuarios_asignados: [operario.uuid],
        fecha_vencimiento: companyToday(),
        equipo_uuid: asset?.uuid ?? null,
      },
    }),
    'crear tarea',
  );
  return created.uuid;
}
