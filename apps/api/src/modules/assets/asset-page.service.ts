import { Injectable } from '@nestjs/common';
import { ASSET_TIMELINE_DAYS, AssetPageResponse, AssetState, MESSAGES, normalizeAssetCode } from '@gestar/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { notFound } from '../../common/http/app-exception';
import { attachmentUrl, thumbnailUrl } from '../attachments/attachments.mapper';
import { toAssetResponse } from './assets.mapper';
import { AssetsRepository } from './assets.repository';
import { AssetsService } from './assets.service';
import { AssetPageRepository } from './asset-page.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `GET /api/assets/:code`: the machine's page (issue 33 §2), two statements. */
@Injectable()
export class AssetPageService {
  constructor(
    private readonly assets: AssetsRepository,
    private readonly pages: AssetPageRepository,
    private readonly service: AssetsService,
  ) {}

  async page(caller: AuthUser, code: string): Promise<AssetPageResponse> {
    const row = await this.assets.findByCode(normalizeAssetCode(code));
    if (!row) throw notFound(MESSAGES.assets.notFound);
    const hasta = new Date();
    const desde = new Date(hasta.getTime() - ASSET_TIMELINE_DAYS * DAY_MS);
    const p = await this.pages.parts(row.uuid, desde);
    return {
      equipo: toAssetResponse(row),
      hijos: p.hijos,
      trabajo_abierto: p.abiertas.map((w) => ({
        uuid: w.uuid,
        titulo: w.titulo,
        estado: w.estado,
        fecha_vencimiento: w.fecha_vencimiento,
        asignado: w.asignado,
      })),
      trabajo_hecho: p.hechas.map((w) => ({
        uuid: w.uuid,
        titulo: w.titulo,
        estado: w.estado,
        terminada_en: w.terminada_en,
        asignado: w.asignado,
        checklist: { hechos: w.hechos, total: w.total },
        fotos: w.fotos,
        calificacion: w.calificacion,
      })),
      solicitudes: p.solicitudes.map((r) => ({
        uuid: r.uuid,
        numero: r.numero,
        estado: r.estado as AssetPageResponse['solicitudes'][number]['estado'],
        descripcion: r.descripcion,
        equipo_detenido: r.equipo_detenido,
        urgencia: r.urgencia as AssetPageResponse['solicitudes'][number]['urgencia'],
        creado_en: r.creado_en,
        reportada_por: r.reportada_por,
      })),
      linea_tiempo: {
        desde: desde.toISOString(),
        hasta: hasta.toISOString(),
        intervalos: p.intervalos.map((i) => ({
          estado: i.estado as AssetState,
          desde: i.desde,
          hasta: i.hasta,
          motivo: i.motivo,
          solicitud_numero: i.solicitud_numero,
        })),
      },
      documentos: p.documentos.map((d) => ({
        uuid: d.uuid,
        nombre: d.nombre,
        tipo: d.tipo as AssetPageResponse['documentos'][number]['tipo'],
        tamano: d.tamano,
        url: attachmentUrl(d.uuid),
        miniatura_url: d.con_miniatura ? thumbnailUrl(d.uuid) : null,
        creado_por: d.creado_por,
        creado_en: d.creado_en,
      })),
      puede_editar: this.service.canManage(caller, row.area_uuid),
    };
  }
}
