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
});
export type CommentResponse = z.infer<typeof CommentResponseSchema>;

/** Comments of an assigned task, oldest first. */
export const CommentListResponseSchema = z.array(CommentResponseSchema);
export type CommentListResponse = z.infer<typeof CommentListResponseSchema>;

export const CommentParamsSchema = z.object({ id: UuidSchema, commentId: UuidSchema });
export type CommentParams = z.infer<typeof CommentParamsSchema>;
