import { ATTACHMENTS_ROUTES, buildPath, type AttachmentResponse } from '@gestar/contracts';
import type { AttachmentRow } from './attachments.repository';

/** Where a stored file is downloaded (`GET /api/attachments/:id`). */
export function attachmentUrl(uuid: string): string {
  return buildPath(ATTACHMENTS_ROUTES.download.path, { id: uuid });
}

/** Where an image's thumbnail is read (`GET /api/attachments/:id/miniatura`). */
export function thumbnailUrl(uuid: string): string {
  return buildPath(ATTACHMENTS_ROUTES.thumbnail.path, { id: uuid });
}

export function toAttachmentResponse(a: AttachmentRow): AttachmentResponse {
  return {
    uuid: a.uuid,
    nombre: a.nombre,
    tipo: a.tipo,
    tamano: a.tamano,
    url: attachmentUrl(a.uuid),
    miniatura_url: a.miniatura_clave ? thumbnailUrl(a.uuid) : null,
    checklist_item_uuid: a.checklist_item_uuid,
    comentario_uuid: a.comentario_uuid,
    creado_por: { uuid: a.creado_por_uuid, nombre: a.creado_por_nombre, apellido: a.creado_por_apellido },
    creado_en: a.creado_en.toISOString(),
  };
}
