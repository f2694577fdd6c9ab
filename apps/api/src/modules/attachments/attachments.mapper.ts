import type { AttachmentResponse } from '@gestar/contracts';
import type { AttachmentRow } from './attachments.repository';

export function toAttachmentResponse(a: AttachmentRow): AttachmentResponse {
  return {
    uuid: a.uuid,
    nombre: a.nombre,
    tipo: a.tipo,
    tamano: a.tamano,
    url: `/api/attachments/${a.uuid}`,
    miniatura_url: a.miniatura_clave ? `/api/attachments/${a.uuid}/miniatura` : null,
    checklist_item_uuid: a.checklist_item_uuid,
    comentario_uuid: a.comentario_uuid,
    creado_por: { uuid: a.creado_por_uuid, nombre: a.creado_por_nombre, apellido: a.creado_por_apellido },
    creado_en: a.creado_en.toISOString(),
  };
}
