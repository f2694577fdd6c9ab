import { z } from 'zod';
import { MESSAGES } from '../messages';
import { TEXT_LIMITS } from '../constants';
import { IsoDateTimeSchema, UuidSchema } from '../common/common.schemas';
import { PersonNameSchema } from '../common/refs.schemas';
import { requiredText } from '../common/fields';

const v = MESSAGES.validation;

/** Text of a comment: not empty nor only whitespace (stored trimmed). */
export const CreateCommentRequestSchema = z.object({
  texto: requiredText(v.comentarioRequired, TEXT_LIMITS.comment),
});
export type CreateCommentRequest = z.infer<typeof CreateCommentRequestSchema>;

export const UpdateCommentRequestSchema = CreateCommentRequestSchema;
export type UpdateCommentRequest = z.infer<typeof UpdateCommentRequestSchema>;

export const CommentResponseSchema = z.object({
  uuid: UuidSchema,
  texto: z.string(),
  usuario: PersonNameSchema,
  usuario_uuid: UuidSchema,
  fecha_creacion: IsoDateTimeSchema,
  /** The text was changed after it was written: the drawer shows '(editado)'. */
  editado: z.boolean(),
});
export type CommentResponse = z.infer<typeof CommentResponseSchema>;

/** Comments a page holds by default, and at most. */
export const COMMENTS_PAGE_SIZE = 20;
export const COMMENTS_PAGE_MAX = 100;

/**
 * One page of an assigned task's comments, newest first: `antes` is the uuid of the oldest
 * comment already shown (keyset paging, so a page never repeats or skips one as new ones arrive).
 */
export const CommentListQuerySchema = z.object({
  antes: z.preprocess((x) => (x === '' ? undefined : x), UuidSchema.optional()),
  limit: z.preprocess(
    (x) => (x === '' || x === undefined ? undefined : typeof x === 'string' && /^\d+$/.test(x) ? Number(x) : x),
    z
      .number({ error: v.commentsLimitInvalid })
      .int({ error: v.commentsLimitInvalid })
      .min(1, { error: v.commentsLimitInvalid })
      .max(COMMENTS_PAGE_MAX, { error: v.commentsLimitInvalid })
      .default(COMMENTS_PAGE_SIZE),
  ),
});
export type CommentListQuery = z.infer<typeof CommentListQuerySchema>;

export const CommentListResponseSchema = z.object({
  data: z.array(CommentResponseSchema),
  /** Older comments remain: 'Ver comentarios anteriores'. */
  hay_mas: z.boolean(),
});
export type CommentListResponse = z.infer<typeof CommentListResponseSchema>;

export const CommentParamsSchema = z.object({ id: UuidSchema, commentId: UuidSchema });
export type CommentParams = z.infer<typeof CommentParamsSchema>;
