import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from '../common/common.schemas';
import { PersonNameSchema } from '../common/refs.schemas';
import { optionalUuid } from '../common/fields';

/** The largest file accepted, in bytes (DECISIONS section 8): 413 above it. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Files one assigned task may hold. */
export const ATTACHMENTS_PER_TASK = 20;
/** Images are resized so their long side is at most this (in the browser, and again on the server). */
export const ATTACHMENT_IMAGE_MAX_SIDE = 2048;
/**
 * The most pixels an image may have (width x height, read from its header before it is decoded):
 * a 48 MP phone photo (8,000 x 6,000) passes; a larger one answers 422.
 */
export const ATTACHMENT_MAX_PIXELS = 50_000_000;
/** The long side of a thumbnail. */
export const ATTACHMENT_THUMBNAIL_SIDE = 320;
/** What is stored, decided from the file's bytes (HEIC is stored as JPEG). */
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
/** What the file picker offers (HEIC is converted on the server). */
export const ATTACHMENT_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,application/pdf';

/**
 * The text fields of `POST /api/assigned-tasks/:id/attachments` (multipart; the file is the
 * field `archivo`): at most one of a checklist step and a comment it belongs to.
 */
export const UploadAttachmentRequestSchema = z.object({
  checklist_item_uuid: optionalUuid(),
  comentario_uuid: optionalUuid(),
});
export type UploadAttachmentRequest = z.infer<typeof UploadAttachmentRequestSchema>;

export const AttachmentResponseSchema = z.object({
  uuid: UuidSchema,
  nombre: z.string(),
  tipo: z.enum(ATTACHMENT_TYPES),
  tamano: z.number().int().min(0),
  /** `GET /api/attachments/:uuid` (with the caller's token). */
  url: z.string(),
  /** The thumbnail of an image; null for a PDF. */
  miniatura_url: z.string().nullable(),
  checklist_item_uuid: UuidSchema.nullable(),
  comentario_uuid: UuidSchema.nullable(),
  creado_por: PersonNameSchema.extend({ uuid: UuidSchema }),
  creado_en: IsoDateTimeSchema,
});
export type AttachmentResponse = z.infer<typeof AttachmentResponseSchema>;
export const AttachmentListResponseSchema = z.array(AttachmentResponseSchema);
export type AttachmentListResponse = z.infer<typeof AttachmentListResponseSchema>;
