/** A machine's states as the screens show them, and the catalog's filters read from the address. */
import { ASSET_STATE_LABELS, ASSET_STATES, type AssetState } from '@gestar/contracts';
import type { AssetFilters } from '../api/assets';

/**
 * Badge colours, in the theme's 'light' variant (its text shade keeps 4.5:1, app/theme.ts): green
 * works, red is stopped, orange is being serviced, grey is out of service. The label always says it
 * in words too, so the colour is never the only sign.
 */
export const ASSET_STATE_COLORS: Record<AssetState, string> = {
  operativo: 'green',
  detenido: 'red',
  mantenimiento: 'orange',
  fuera_servicio: 'gray',
};

/** Bar colours of the downtime timeline (solid, beside a legend in words). */
export const ASSET_STATE_FILLS: Record<AssetState, string> = {
  operativo: 'var(--mantine-color-green-6)',
  detenido: 'var(--mantine-color-red-7)',
  mantenimiento: 'var(--mantine-color-orange-5)',
  fuera_servicio: 'var(--mantine-color-gray-6)',
};

export const ASSET_STATE_OPTIONS = ASSET_STATES.map((value) => ({ value, label: ASSET_STATE_LABELS[value] }));

const UUID = /^[0-9a-f-]{36}$/i;

export function isAssetState(value: string | null): value is AssetState {
  return (ASSET_STATES as readonly string[]).includes(value ?? '');
}

/** `?q=&area=&estado=&pagina=` of /equipos; anything malformed is ignored. */
export function catalogFilters(params: URLSearchParams): AssetFilters {
  const area = params.get('area');
  const estado = params.get('estado');
  const page = Number(params.get('pagina'));
  return {
    q: (params.get('q') ?? '').trim(),
    area: area && UUID.test(area) ? area : null,
    estado: isAssetState(estado) ? estado : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}
