import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from './common.schemas';

/**
 * Small nested shapes that several responses embed (SPEC.md section 3).
 * The full resource schemas live in their own folders.
 */

export const AreaRefSchema = z.object({ uuid: UuidSchema, nombre: z.string() });

export const RoleRefSchema = z.object({ uuid: UuidSchema, nombre: z.string() });

export const TaskTypeRefSchema = z.object({ uuid: UuidSchema, nombre: z.string() });

/** A user as other records show it: `{ uuid, nombre, apellido }`. */
export const UserRefSchema = z.object({ uuid: UuidSchema, nombre: z.string(), apellido: z.string() });

/** Author of a comment or history entry: names only. */
export const PersonNameSchema = z.object({ nombre: z.string(), apellido: z.string() });

/** Schedule of a task as tasks and assigned tasks embed it (`programaciones_tareas`). */
export const TaskScheduleRefSchema = z.object({
  uuid: UuidSchema,
  intervalo_repeticion: z.number().int().min(1),
  proxima_ejecucion: IsoDateTimeSchema,
  activo: z.boolean(),
});

/** A machine as tasks, assigned tasks and reports embed it (`equipos`): `{ uuid, codigo, nombre }`. */
export const AssetRefSchema = z.object({ uuid: UuidSchema, codigo: z.string(), nombre: z.string() });
export type AssetRef = z.infer<typeof AssetRefSchema>;
