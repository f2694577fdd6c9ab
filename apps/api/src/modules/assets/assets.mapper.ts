import type { AssetResponse, AssetState } from '@gestar/contracts';
import type { AssetRow } from './assets.repository';

export function toAssetResponse(r: AssetRow): AssetResponse {
  return {
    uuid: r.uuid,
    codigo: r.codigo,
    nombre: r.nombre,
    area: { uuid: r.area_uuid, nombre: r.area_nombre },
    padre: r.padre_uuid && r.padre_codigo !== null && r.padre_nombre !== null
      ? { uuid: r.padre_uuid, codigo: r.padre_codigo, nombre: r.padre_nombre }
      : null,
    fabricante: r.fabricante,
    modelo: r.modelo,
    numero_serie: r.numero_serie,
    estado: r.estado as AssetState,
    estado_desde: new Date(r.estado_desde).toISOString(),
    foto_uuid: r.foto_uuid,
  };
}
