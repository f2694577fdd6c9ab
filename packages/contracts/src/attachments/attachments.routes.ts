import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { OkResponseSchema, UuidParamSchema } from '../common/common.schemas';
import { AttachmentListResponseSchema, AttachmentResponseSchema, UploadAttachmentRequestSchema } from './attachments.schemas';

const seeRule =
  'Regla en el servicio: quien puede ver la tarea asignada (el asignado, o read:all:assigned-tasks, o read:all:assigned-tasks:by-area en sus áreas).';

export const ATTACHMENTS_ROUTES = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/assigned-tasks/:id/attachments',
    access: 'authenticated',
    params: UuidParamSchema,
    body: UploadAttachmentRequestSchema,
    multipart: 'archivo',
    response: AttachmentResponseSchema,
    status: 201,
    conflicts: [MESSAGES.errors.attachmentsTooMany, MESSAGES.errors.assignedTaskArchived],
    errors: {
      413: [MESSAGES.errors.attachmentTooLarge],
      415: [MESSAGES.errors.attachmentTypeNotAllowed],
      422: [MESSAGES.errors.attachmentUnreadable],
      507: [MESSAGES.errors.storageFull],
    },
    summary: `Sube un archivo (multipart, campo archivo; opcional checklist_item_uuid o comentario_uuid): JPEG, PNG, WebP, HEIC (se guarda como JPEG) o PDF según su contenido (415 si no), hasta 10 MB (413) y 20 por tarea asignada. Las imágenes se reescriben sin EXIF, orientadas y con miniatura. ${seeRule}`,
  }),
  uploadImage: defineRoute({
    method: 'POST',
    path: '/api/attachments/images',
    access: { anyOf: ['create:task', 'update:task'] },
    multipart: 'archivo',
    response: AttachmentResponseSchema,
    status: 201,
    errors: {
      413: [MESSAGES.errors.attachmentTooLarge],
      415: [MESSAGES.errors.attachmentTypeNotAllowed, MESSAGES.errors.attachmentImageOnly],
      422: [MESSAGES.errors.attachmentUnreadable],
      507: [MESSAGES.errors.storageFull],
    },
    summary:
      'Sube una imagen para insertarla en la descripción de una tarea (multipart, campo archivo): JPEG, PNG, WebP o HEIC según su contenido (415 si no), hasta 10 MB (413); se reescribe sin EXIF y orientada. La descripción la nombra como /api/attachments/{uuid}; la ve cualquier persona que haya ingresado. Una imagen que ninguna descripción nombra se borra al día siguiente.',
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/assigned-tasks/:id/attachments',
    access: 'authenticated',
    params: UuidParamSchema,
    response: AttachmentListResponseSchema,
    status: 200,
    summary: `Archivos de la tarea asignada, del más antiguo al más reciente. ${seeRule}`,
  }),
  download: defineRoute({
    method: 'GET',
    path: '/api/attachments/:id',
    access: 'authenticated',
    params: UuidParamSchema,
    response: null,
    status: 200,
    summary: `El archivo, con su tipo, Content-Disposition y nosniff. ${seeRule} La imagen de una descripción, cualquier persona que haya ingresado.`,
  }),
  thumbnail: defineRoute({
    method: 'GET',
    path: '/api/attachments/:id/miniatura',
    access: 'authenticated',
    params: UuidParamSchema,
    response: null,
    status: 200,
    summary: `La miniatura de una imagen (404 para un PDF). ${seeRule}`,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/attachments/:id',
    access: 'authenticated',
    params: UuidParamSchema,
    response: OkResponseSchema,
    status: 200,
    conflicts: [MESSAGES.errors.attachmentKept, MESSAGES.errors.attachmentLastEvidence],
    summary:
      'Elimina un archivo. Regla en el servicio: quien lo subió (si todavía ve la tarea) o un permiso de lectura de tareas asignadas con el área en alcance; el de una tarea terminada y archivada se conserva (409). Si era la última foto de un ítem marcado que requiere foto, el ítem se desmarca; en una tarea terminada esa foto no se elimina (409). La imagen de una descripción: quien la subió, o quien puede editar todas las tareas que la muestran (403 si no).',
  }),
} as const;
