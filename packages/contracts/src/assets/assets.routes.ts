import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { OkResponseSchema } from '../common/common.schemas';
import { AttachmentResponseSchema } from '../attachments/attachments.schemas';
import {
  AssetCodeDocumentParamSchema,
  AssetCodeParamSchema,
  AssetImportPreviewResponseSchema,
  AssetImportResponseSchema,
  AssetListQuerySchema,
  AssetListResponseSchema,
  AssetPageResponseSchema,
  AssetResponseSchema,
  ChangeAssetStateRequestSchema,
  CreateAssetRequestSchema,
  UpdateAssetRequestSchema,
  UploadAssetAttachmentRequestSchema,
} from './assets.schemas';

const m = MESSAGES.assets;
const scope =
  'Regla en el servicio: un administrador (read:all:areas) todos los equipos; si no, solo los de sus áreas (403 «No tiene acceso a este equipo»).';
const importErrors = {
  413: [m.importFileTooLarge],
  415: [m.importFileType],
  422: [m.importUnreadable],
  503: [m.importBusy],
};

/**
 * Machines («Equipos», DECISIONS section 9). `:code` is the machine's code, any case.
 *
 * The labels (`GET /api/assets/labels.pdf`, `GET /api/assets/:code/label.png`) are declared in
 * assets/labels.routes.ts. `labels.pdf` and `import` are reserved codes (RESERVED_ASSET_CODES), so
 * `GET /api/assets/:code` never means the sheet of labels; the API also registers the labels
 * controller before the machines' one, so a static path is tried first.
 */
export const ASSETS_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/assets',
    access: { anyOf: ['read:asset'] },
    query: AssetListQuerySchema,
    response: AssetListResponseSchema,
    status: 200,
    summary:
      'Equipos paginados por código; q busca en el código y el nombre sin distinguir mayúsculas ni acentos; filtros area y estado. Los ve quien tiene read:asset (también un operario, para el tablero y el escaneo).',
  }),
  importPreview: defineRoute({
    method: 'POST',
    path: '/api/assets/import/preview',
    access: { anyOf: ['create:asset'] },
    multipart: 'archivo',
    response: AssetImportPreviewResponseSchema,
    status: 200,
    errors: { ...importErrors, 400: [m.importFileRequired, m.importEmpty, m.importTooManyRows, m.importMissingColumns] },
    summary:
      'Lee una planilla XLSX o un CSV (columnas codigo, nombre, area, padre, fabricante, modelo, numero_serie; hasta 5 MB y 5.000 filas) y devuelve cada fila con sus errores en español. No escribe nada. Las áreas, por nombre, deben estar en el alcance de quien importa.',
  }),
  import: defineRoute({
    method: 'POST',
    path: '/api/assets/import',
    access: { anyOf: ['create:asset'] },
    multipart: 'archivo',
    response: AssetImportResponseSchema,
    status: 201,
    conflicts: [m.codigoTaken],
    errors: {
      ...importErrors,
      400: [m.importFileRequired, m.importEmpty, m.importTooManyRows, m.importMissingColumns, m.importHasErrors],
    },
    summary:
      'Valida de nuevo el archivo y crea todos sus equipos en una sola transacción; si una fila tiene errores no crea ninguno (400 con los errores de cada fila en errors, path «fila.columna»).',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/assets/:code',
    access: { anyOf: ['read:asset'] },
    params: AssetCodeParamSchema,
    response: AssetPageResponseSchema,
    status: 200,
    errors: { 404: [m.notFound] },
    summary:
      'La página del equipo: su estado y desde cuándo, el trabajo abierto y el hecho (con lista, fotos, calificación y quién lo hizo), sus solicitudes, la línea de tiempo de estados de los últimos 90 días y sus documentos.',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/assets',
    access: { anyOf: ['create:asset'] },
    body: CreateAssetRequestSchema,
    response: AssetResponseSchema,
    status: 201,
    conflicts: [m.codigoTaken],
    errors: { 400: [m.padreNotFound, m.padreOtherArea, m.areaNotFound], 403: [m.areaOutOfScope] },
    summary: `Crea un equipo, operativo desde ahora. El código es único sin distinguir mayúsculas (409). ${scope}`,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/assets/:code',
    access: { anyOf: ['update:asset'] },
    params: AssetCodeParamSchema,
    body: UpdateAssetRequestSchema,
    response: AssetResponseSchema,
    status: 200,
    conflicts: [m.codigoTaken],
    errors: {
      400: [m.padreNotFound, m.padreOtherArea, m.padreCycle, m.areaNotFound],
      403: [m.forbidden, m.areaOutOfScope],
      404: [m.notFound],
    },
    summary: `Edita los datos de un equipo (su estado cambia por /state). ${scope}`,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/assets/:code',
    access: { anyOf: ['delete:asset'] },
    params: AssetCodeParamSchema,
    response: OkResponseSchema,
    status: 200,
    conflicts: [m.inUse],
    errors: { 403: [m.forbidden], 404: [m.notFound] },
    summary: `Elimina un equipo; 409 si una tarea o una solicitud lo nombra. ${scope}`,
  }),
  changeState: defineRoute({
    method: 'PUT',
    path: '/api/assets/:code/state',
    access: { anyOf: ['update:asset'] },
    params: AssetCodeParamSchema,
    body: ChangeAssetStateRequestSchema,
    response: AssetResponseSchema,
    status: 200,
    conflicts: [m.sameState],
    errors: { 403: [m.forbidden], 404: [m.notFound] },
    summary: `Cambia a mano el estado del equipo con su motivo: cierra el intervalo abierto de la línea de tiempo y abre otro; queda en la auditoría. ${scope}`,
  }),
  uploadAttachment: defineRoute({
    method: 'POST',
    path: '/api/assets/:code/attachments',
    access: { anyOf: ['update:asset'] },
    params: AssetCodeParamSchema,
    body: UploadAssetAttachmentRequestSchema,
    multipart: 'archivo',
    response: AttachmentResponseSchema,
    status: 201,
    conflicts: [m.attachmentsTooMany],
    errors: {
      403: [m.forbidden],
      404: [m.notFound],
      413: [MESSAGES.errors.attachmentTooLarge],
      415: [MESSAGES.errors.attachmentTypeNotAllowed, m.fotoNotImage],
      422: [MESSAGES.errors.attachmentUnreadable],
      507: [MESSAGES.errors.storageFull],
    },
    summary: `Sube una foto o un documento del equipo (multipart, campo archivo): JPEG, PNG, WebP, HEIC o PDF, hasta 10 MB; con foto=true la imagen pasa a ser la foto del equipo. Lo descarga quien ve el equipo (GET /api/attachments/:id). ${scope}`,
  }),
  removeAttachment: defineRoute({
    method: 'DELETE',
    path: '/api/assets/:code/attachments/:documentId',
    access: { anyOf: ['update:asset'] },
    params: AssetCodeDocumentParamSchema,
    response: OkResponseSchema,
    status: 200,
    errors: { 403: [m.forbidden], 404: [m.notFound, m.documentNotFound] },
    summary: `Elimina una foto o un documento del equipo (si era su foto, el equipo queda sin foto). ${scope}`,
  }),
} as const;
