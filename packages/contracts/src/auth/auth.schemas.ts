import { z } from 'zod';
import { MESSAGES } from '../messages';
import { UuidSchema } from '../common/common.schemas';

const v = MESSAGES.validation;

export const LoginRequestSchema = z.object({
  username: z
    .string({ message: v.usernameLoginRequired })
    .trim()
    .min(1, { message: v.usernameLoginRequired })
    .max(100, { message: v.textTooLong }),
  password: z
    .string({ message: v.passwordLoginRequired })
    .min(1, { message: v.passwordLoginRequired })
    .max(200, { message: v.textTooLong }),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const JobPositionRefSchema = z.object({
  uuid: UuidSchema,
  nombre: z.string(),
  descripcion: z.string(),
});

export const LoginUserSchema = z.object({
  uuid: UuidSchema,
  nombre: z.string(),
  apellido: z.string(),
  username: z.string(),
  descripcion_puesto: JobPositionRefSchema.nullable(),
});
export type LoginUser = z.infer<typeof LoginUserSchema>;

export const LoginResponseSchema = z.object({
  user: LoginUserSchema,
  token: z.string().min(1),
  refreshToken: z.string().min(1),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RefreshTokenRequestSchema = z.object({
  refreshToken: z.string({ message: MESSAGES.errors.invalidRefreshToken }).max(500, { message: v.textTooLong }),
});
export type RefreshTokenRequest = z.infer<typeof RefreshTokenRequestSchema>;

export const RefreshTokenResponseSchema = z.object({
  token: z.string().min(1),
  refreshToken: z.string().min(1),
});
export type RefreshTokenResponse = z.infer<typeof RefreshTokenResponseSchema>;

export const LogoutRequestSchema = z.object({
  refreshToken: z
    .string({ error: MESSAGES.errors.invalidRefreshToken })
    .max(500, { message: v.textTooLong })
    .optional(),
});

/** What the server answers to the change-password call. */
export const ChangePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ message: v.currentPasswordRequired })
    .min(1, { message: v.currentPasswordRequired })
    .max(200, { message: v.textTooLong }),
  newPassword: z
    .string({ message: v.newPasswordRequired })
    .min(1, { message: v.newPasswordRequired, abort: true })
    .min(8, { message: v.passwordMinLength })
    .max(200, { message: v.textTooLong }),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** The profile form (client side): the confirmation must match. */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z.string({ error: v.currentPasswordRequired }).min(1, { message: v.currentPasswordRequired }),
    newPassword: z
      .string({ error: v.newPasswordRequired })
      .min(1, { message: v.newPasswordRequired, abort: true })
      .min(8, { message: v.passwordMinLength })
      .max(200, { message: v.textTooLong }),
    confirmPassword: z.string({ error: v.confirmPasswordRequired }).min(1, { message: v.confirmPasswordRequired }),
  })
  .refine((d) => d.newPassword === d.confirmPassword, { message: v.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

/** JWT access-token payload (DECISIONS section 3). */
export const TokenPayloadSchema = z.object({
  sub: UuidSchema,
  username: z.string(),
  role: z.object({ uuid: UuidSchema, nombre: z.string(), permisos: z.array(z.string()) }),
  iat: z.number().optional(),
  exp: z.number().optional(),
});
export type TokenPayload = z.infer<typeof TokenPayloadSchema>;
